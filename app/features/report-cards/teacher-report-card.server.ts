import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { needed } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { getReportCard, saveReportCard } from './api.server'
import { reportCardFormSchema } from './schema'

type Context = Readonly<RouterContextProvider>
type ReportCardPath = { studentId: string; courseId: string }

/** One student's report card for one course (not yet written: null); not the teacher's, not found. */
export async function loadTeacherReportCard(
	context: Context,
	request: Request,
	{ studentId, courseId }: ReportCardPath,
) {
	return needed(getReportCard(upstream(context, request), studentId, courseId), {
		refusedAsMissing: true,
	})
}

/** Writes or rewrites the report card, then back to it. */
export async function saveReportCardAction(
	context: Context,
	request: Request,
	{ studentId, courseId }: ReportCardPath,
) {
	const submission = parseForm(await readForm(request), { schema: reportCardFormSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	try {
		await saveReportCard(upstream(context, request), studentId, courseId, submission.value)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast(t`Report card saved successfully`))
	return redirect(`/teachersdashboard/report-card/${studentId}/${courseId}`)
}
