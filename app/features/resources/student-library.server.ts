import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { getResources } from './api.server'
import { filtersFrom } from './schema'

type Context = Readonly<RouterContextProvider>

export async function loadStudentLibrary(context: Context, request: Request) {
	const filters = filtersFrom(new URL(request.url))
	const list = await settle(getResources(upstream(context, request), filters))
	return { filters, list }
}
