import type { RouterContextProvider } from 'react-router'
import { pageParam } from '~/platform/page-param'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { getCertificates } from './api.server'

type Context = Readonly<RouterContextProvider>

export async function loadStudentCertificates(context: Context, request: Request) {
	const list = await settle(
		getCertificates(upstream(context, request), pageParam(new URL(request.url).searchParams)),
	)
	return { list }
}
