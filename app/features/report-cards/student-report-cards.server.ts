import { getStudentReportCards } from './api.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'

import type { RouterContextProvider } from 'react-router'
import type { SessionUser } from '~/platform/session.server'

type Context = Readonly<RouterContextProvider>

export async function loadStudentReportCards(
	context: Context,
	request: Request,
	user: SessionUser,
) {
	const reports = await settle(getStudentReportCards(upstream(context, request), user.id))
	return { reports }
}
