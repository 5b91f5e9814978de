import { t } from '@lingui/core/macro'
import type { createUpstream } from '~/platform/upstream.server'
import {
	studentSubmissionSchema,
	submissionListSchema,
	submissionSavedSchema,
	taskCoursesSchema,
	taskDeletedSchema,
	taskListSchema,
	taskSavedSchema,
	type TaskType,
} from './schema'

// The Tasks calls of spec section 7, each with the spec's fallback error text.
type Upstream = ReturnType<typeof createUpstream>
const id = encodeURIComponent

export type TaskFilters = {
	page?: number
	limit?: number
	createdBy?: string
	taskType?: string
	/** A student's tasks due at or after this instant (ISO), not yet handed in when `unsubmitted`. */
	dueFrom?: string
	unsubmitted?: boolean
}

export function getTasks(
	api: Upstream,
	{ page = 1, limit = 10, createdBy, taskType, dueFrom, unsubmitted }: TaskFilters = {},
) {
	return api.get('/tasks', {
		query: { page, limit, createdBy, taskType, dueFrom, unsubmitted },
		schema: taskListSchema,
		fallback: t`Failed to fetch tasks`,
		retry: true,
	})
}

/** The courses a tutor may set tasks in, for the create form: the first matching the menu's search, and how many match. */
export async function getTaskCourses(
	api: Upstream,
	menu: { search?: string; limit?: number } = {},
) {
	const { courses, total } = await api.get('/tasks/courses', {
		query: menu,
		schema: taskCoursesSchema,
		fallback: t`Failed to fetch tasks`,
		retry: true,
	})
	return { courses, total: total ?? courses.length }
}

export type NewTask = {
	courseId: string
	title: string
	description?: string
	taskType: TaskType
	dueDate: Date
	endDate?: Date | null
	attachment?: File
}

export function createTask(api: Upstream, task: NewTask) {
	const form = new FormData()
	form.set('courseId', task.courseId)
	form.set('title', task.title)
	if (task.description) form.set('description', task.description)
	form.set('taskType', task.taskType)
	form.set('dueDate', task.dueDate.toISOString())
	if (task.endDate) form.set('endDate', task.endDate.toISOString())
	if (task.attachment) form.set('attachment', task.attachment)
	return api.send('POST', '/tasks/create-task', {
		form,
		schema: taskSavedSchema,
		fallback: t`Failed to create task`,
	})
}

export type TaskUpdate = {
	title?: string
	description?: string | null
	taskType?: TaskType
	dueDate?: string
	endDate?: string | null
	/** Takes the task's file away. */
	removeAttachment?: boolean
}

/** JSON, or a multipart form when a new file replaces the task's attachment. */
export function updateTask(api: Upstream, taskId: string, updates: TaskUpdate, attachment?: File) {
	const options = { schema: taskSavedSchema, fallback: t`Failed to update task` }
	if (!attachment) return api.send('PUT', `/tasks/${id(taskId)}`, { json: updates, ...options })
	const form = new FormData()
	for (const [name, value] of Object.entries(updates)) {
		// A multipart form has no null: the API reads an empty field as cleared.
		if (value !== undefined && name !== 'removeAttachment')
			form.set(name, value === null ? '' : String(value))
	}
	form.set('attachment', attachment)
	return api.send('PUT', `/tasks/${id(taskId)}`, { form, ...options })
}

export function deleteTask(api: Upstream, taskId: string) {
	return api.send('DELETE', `/tasks/${id(taskId)}`, {
		schema: taskDeletedSchema,
		fallback: t`Failed to delete task`,
	})
}

export function submitTask(api: Upstream, taskId: string, work: { file: File; comment?: string }) {
	const form = new FormData()
	form.set('file', work.file)
	if (work.comment) form.set('comment', work.comment)
	return api.send('POST', `/tasks/${id(taskId)}/submit`, {
		form,
		schema: submissionSavedSchema,
		fallback: t`Failed to submit task`,
	})
}

export type SubmissionFilters = {
	page?: number
	limit?: number
	sortBy?: string
	sortDirection?: 'asc' | 'desc'
	status?: string
}

export function getSubmissions(
	api: Upstream,
	taskId: string,
	filters: SubmissionFilters = {},
	options: { fresh?: boolean } = {},
) {
	const { page = 1, limit = 10, sortBy, sortDirection, status } = filters
	return api.get(`/tasks/${id(taskId)}/submissions/detailed`, {
		query: { page, limit, sortBy, sortDirection, status },
		schema: submissionListSchema,
		fallback: t`Failed to fetch submission details`,
		retry: true,
		fresh: options.fresh,
	})
}

export function getStudentSubmission(api: Upstream, taskId: string, studentId: string) {
	return api.get(`/tasks/${id(taskId)}/submission/${id(studentId)}`, {
		schema: studentSubmissionSchema,
		fallback: t`Failed to fetch submission details`,
	})
}

export function gradeSubmission(
	api: Upstream,
	submissionId: string,
	gradeData: { grade: number; feedback?: string },
) {
	return api.send('PATCH', `/tasks/${id(submissionId)}/grade`, {
		json: gradeData,
		schema: submissionSavedSchema,
		fallback: t`Failed to grade submission`,
	})
}

/** The oldest work of the task still waiting for a grade (Submitted or Late), if any. */
export async function nextUngradedSubmission(api: Upstream, taskId: string) {
	const { submissions } = await getSubmissions(
		api,
		taskId,
		// eslint-disable-next-line lingui/no-unlocalized-strings -- the API's status names, a query
		{ status: 'Submitted,Late', sortBy: 'submittedAt', sortDirection: 'asc', limit: 1 },
		{ fresh: true },
	)
	return submissions[0] ?? null
}

/** A task's attachment or a submission's file, passed through for the signed-in user. */
export function downloadTaskFile(
	api: Upstream,
	file: { taskId: string } | { submissionId: string },
) {
	return 'taskId' in file
		? downloadTaskAttachment(api, file.taskId)
		: downloadSubmissionFile(api, file.submissionId)
}

export function downloadTaskAttachment(api: Upstream, taskId: string) {
	return api.stream(`/tasks/${id(taskId)}/attachment`, {
		fallback: t`Failed to fetch submission details`,
	})
}

export function downloadSubmissionFile(api: Upstream, submissionId: string) {
	return api.stream(`/tasks/submissions/${id(submissionId)}/file`, {
		fallback: t`Failed to fetch submission details`,
	})
}

/**
 * The file a task-file address names, ?taskId= (the task's attachment) or ?submissionId= (a
 * submitted file), read with the signed-in user's token; null when it names neither.
 */
export function downloadRequestedTaskFile(api: Upstream, request: Request) {
	const params = new URL(request.url).searchParams
	const taskId = params.get('taskId')
	const submissionId = params.get('submissionId')
	const file = submissionId ? { submissionId } : taskId ? { taskId } : null
	return file ? downloadTaskFile(api, file) : null
}

/** The task's submissions and grades as a CSV file (issue 19), passed through for its tutor. */
export function downloadSubmissionsCsv(api: Upstream, taskId: string) {
	return api.stream(`/tasks/${id(taskId)}/submissions/export`, {
		fallback: t`Failed to fetch submission details`,
	})
}
