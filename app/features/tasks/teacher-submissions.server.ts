import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { pageParam } from '~/platform/page-param'
import { upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import {
	getStudentSubmission,
	getSubmissions,
	gradeSubmission,
	nextUngradedSubmission,
} from './api.server'
import { gradeSchema, SUBMISSION_SORTS } from './schema'
import { SUBMISSION_STATUSES } from './status'
import { reviewPath, submissionsPath } from './teacher-paths'

// A task's submissions as its teacher sees them: the list with its summary, and one student's
// work with the grade form.

type Context = Readonly<RouterContextProvider>

const PAGE_SIZE = 10

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
	allowed.find((item) => item === value)

/**
 * A task the API does not know is a 404 page; another teacher's task is refused as a 403 page, not
 * a 200 with an error message. Any other failure is shown in the page (with its toast).
 */
function pageFailure(error: unknown) {
	if (!(error instanceof UpstreamError)) throw error
	if (error.status === 404 || error.status === 400) throw data(error.text, { status: 404 })
	if (error.status === 403) throw data(error.text, { status: 403 })
	return { text: error.text, toast: error.toast }
}

/** A page of a task's submissions (`?taskId=`), filtered by status and sorted. */
export async function loadTaskSubmissions(context: Context, request: Request) {
	const params = new URL(request.url).searchParams
	const taskId = params.get('taskId')
	if (!taskId) throw data(t`Choose a task to see its submissions`, { status: 404 })
	const filters = {
		page: pageParam(params),
		limit: PAGE_SIZE,
		status: oneOf(params.get('status'), SUBMISSION_STATUSES),
		sortBy: oneOf(
			params.get('sortBy'),
			SUBMISSION_SORTS.map((sort) => sort.value),
		),
		sortDirection: oneOf(params.get('sortDirection'), ['asc', 'desc'] as const),
	}
	const timeZone = viewerTimeZone(request).zone
	try {
		const list = await getSubmissions(upstream(context, request), taskId, filters)
		return { list, error: null, timeZone }
	} catch (error) {
		return { list: null, error: pageFailure(error), timeZone }
	}
}

function readTarget(request: Request) {
	const params = new URL(request.url).searchParams
	const taskId = params.get('taskId')
	const studentId = params.get('studentId')
	if (!taskId || !studentId) throw data(t`Choose a submission to view`, { status: 404 })
	return { taskId, studentId }
}

/** One student's work on a task (`?taskId=&studentId=`). */
export async function loadSubmissionReview(context: Context, request: Request) {
	const { taskId, studentId } = readTarget(request)
	const timeZone = viewerTimeZone(request).zone
	try {
		const found = await getStudentSubmission(upstream(context, request), taskId, studentId)
		return { ...found, error: null, timeZone }
	} catch (error) {
		return { task: null, submission: null, error: pageFailure(error), timeZone }
	}
}

/** Grades the work, then goes straight on to the next work waiting for a grade (the list when none is). */
export async function gradeSubmissionAction(context: Context, request: Request) {
	const { taskId } = readTarget(request)
	// A grade and its feedback are a few kilobytes; a larger body is not read into memory.
	const submission = parseForm(await readForm(request, 64 * 1024), { schema: gradeSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	const api = upstream(context, request)
	const { submissionId, grade, feedback } = submission.value
	try {
		await gradeSubmission(api, submissionId, { grade, feedback })
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast(t`Task graded successfully`))
	const next = await nextUngradedSubmission(api, taskId).catch(() => null)
	return redirect(next ? reviewPath(taskId, next.student.id) : submissionsPath(taskId))
}
