import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import type { SessionUser } from '~/platform/session.server'
import { getStudentReportCards } from './api.server'

type Context = Readonly<RouterContextProvider>

export async function loadStudentReportCards(
	context: Context,
	request: Request,
	user: SessionUser,
) {
	const reports = await settle(getStudentReportCards(upstream(context, request), user.id))
	return { reports }
}
