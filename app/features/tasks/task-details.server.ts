import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { upstream } from '~/platform/request.server'
import type { SessionUser } from '~/platform/session.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { getStudentSubmission } from './api.server'
import { submitWork, taskDetailsPath } from './submit-work.server'

type Context = Readonly<RouterContextProvider>

function readTaskId(request: Request) {
	const taskId = new URL(request.url).searchParams.get('taskId')
	if (!taskId) throw data(t`Choose a task to see its details`, { status: 404 })
	return taskId
}

/**
 * A task of the student's (`?taskId=`) and their submission. A task that is not there (or not in
 * one of their courses) is the area's 404 (403); any other failure shows in place of the task.
 */
export async function loadTaskDetails(context: Context, request: Request, user: SessionUser) {
	const taskId = readTaskId(request)
	try {
		const found = await getStudentSubmission(upstream(context, request), taskId, user.id)
		return { ...found, error: null, timeZone: viewerTimeZone(request).zone, now: Date.now() }
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		if (error.status === 404 || error.status === 400) throw data(error.text, { status: 404 })
		if (error.status === 403)
			throw data(t`This task is not in one of your courses`, { status: 403 })
		return {
			task: null,
			submission: null,
			error: { text: error.text, toast: error.toast },
			timeZone: viewerTimeZone(request).zone,
			now: Date.now(),
		}
	}
}

/** The submit form without JavaScript: back to the task once saved, else the form's answer. */
export async function submitTaskWork(context: Context, request: Request) {
	const taskId = readTaskId(request)
	const outcome = await submitWork(context, request, taskId)
	if (outcome.saved) return redirect(taskDetailsPath(taskId))
	return data(outcome.result, { status: outcome.status })
}
