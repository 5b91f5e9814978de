import type { RouterContextProvider } from 'react-router'
import { listCatalogue } from '~/features/courses/api.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'

type Context = Readonly<RouterContextProvider>

export async function loadHome(context: Context, request: Request) {
	return { featured: await settle(listCatalogue(upstream(context, request), { limit: 3 })) }
}
