import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { needed } from '~/platform/settle.server'
import type { SessionUser } from '~/platform/session.server'
import { getStudentReportCards } from './api.server'

type Context = Readonly<RouterContextProvider>

export async function loadStudentReportCardList(
	context: Context,
	request: Request,
	params: { studentId: string },
	user: SessionUser,
) {
	// Not a student of this teacher, or no such student: the page does not exist for them.
	const reports = await needed(
		getStudentReportCards(upstream(context, request), params.studentId),
		{
			refusedAsMissing: true,
		},
	)
	return { reports, tutorId: user.id }
}
