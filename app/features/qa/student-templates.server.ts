import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { pageParam } from '~/platform/page-param'
import { getTemplates } from './api.server'

type Context = Readonly<RouterContextProvider>

export async function loadStudentTemplates(context: Context, request: Request) {
	const templates = await settle(
		getTemplates(upstream(context, request), {
			page: pageParam(new URL(request.url).searchParams),
			isActive: 1,
		}),
	)
	return { templates }
}
