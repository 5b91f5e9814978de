import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { downloadRequestedTaskFile, downloadSubmissionsCsv } from './api.server'

type Context = Readonly<RouterContextProvider>

/** A task's attachment (?taskId=) or a submitted file (?submissionId=), with the user's token. */
export function openTaskFile(context: Context, request: Request) {
	return downloadRequestedTaskFile(upstream(context, request), request)
}

/** A task's submissions and grades as CSV (?taskId=); none without a task. */
export function openSubmissionsCsv(context: Context, request: Request) {
	const taskId = new URL(request.url).searchParams.get('taskId')
	return taskId ? downloadSubmissionsCsv(upstream(context, request), taskId) : null
}
