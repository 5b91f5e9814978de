import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { openResourceFile } from './api.server'

type Context = Readonly<RouterContextProvider>

/** A library file, fetched with the signed-in user's own token. */
export function openLibraryFile(context: Context, request: Request, resourceId: string) {
	return openResourceFile(upstream(context, request), resourceId)
}
