import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { downloadRosterFile } from './api.server'

type Context = Readonly<RouterContextProvider>

/** The roster's template (roster/template) or its members in the template's columns (roster/export). */
export function openRosterFile(context: Context, request: Request, organizationId: string) {
	const file = new URL(request.url).pathname.endsWith('/template') ? 'template' : 'export'
	return downloadRosterFile(upstream(context, request), organizationId, file)
}
