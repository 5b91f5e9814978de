import type { z } from 'zod'
import { COURSE_NOT_FOUND } from '../courses/access.ts'
import { coursesRunBy } from '../courses/repository.ts'
import { courseMenuRoute } from '../courses/schemas.ts'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { isMultipart } from '../platform/forms.ts'
import {
	answers,
	ApiRoutes,
	deletedAnswer,
	fileAnswer,
	formBody,
	jsonBody,
	uuidParams,
} from '../platform/openapi.ts'
import { toPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import {
	OWN_TASK_REFUSALS,
	ownTask,
	studentSubmission,
	SUBMISSION_NOT_FOUND,
	TASK_NOT_FOUND,
	visibleSubmission,
	visibleTask,
} from './access.ts'
import { DOCUMENT_MEDIA_TYPES, downloadStored, FILE_NOT_FOUND } from './documents.ts'
import { taskPagination, toSubmission, toTask } from './present.ts'
import { listSubmissions, listTasks, softDeleteTask, submissionSummary } from './repository.ts'
import {
	changedSubmission,
	changedTask,
	gradeData,
	newTaskForm,
	submissionForm,
	submissionList,
	submissionListQuery,
	taskList,
	taskListQuery,
	taskSubmission,
	taskUpdate,
	taskUpdateForm,
} from './schemas.ts'
import { changeTask, setTask } from './setting.ts'
import { ALREADY_GRADED, gradeWork, SUBMISSIONS_CLOSED, submitWork } from './submissions.ts'

/** The multipart calls that carry a document (up to 10 MB) rather than an image: create, update, submit. */
export const TASK_UPLOAD_PATHS = /^\/api\/v1\/tasks\/(create-task|[^/]+|[^/]+\/submit)\/?$/

export function taskRoutes(deps: ApiDeps) {
	const { db, config } = deps
	const requireAccount = accountGuard({ db, config })
	const teachersOnly = requireAccount({ roles: ['tutor'] })
	const studentsOnly = requireAccount({ roles: ['student'] })

	return new ApiRoutes(config, 'tasks')
		.endpoint(
			{
				method: 'get',
				path: '/',
				operationId: 'getTasks',
				summary: "A tutor's tasks, or a student's",
				middleware: requireAccount({ roles: ['tutor', 'student'] }),
				request: { query: taskListQuery },
				description:
					"A tutor: their own tasks, newest first (`createdBy` another tutor: 403). A student: the tasks of their courses, soonest due first; `createdBy` filters by tutor, `dueFrom` keeps those due at or after it, `unsubmitted=true` those they have not handed in. `submissionStatus` is the student's own: `Pending` (nothing in), `Submitted` (by the due date), `Late` (after the due date, judged against the current one), `Graded`.",
				responses: answers({ 200: taskList }, { 403: MESSAGES.forbidden }),
			},
			async (c) => {
				const account = c.get('account')
				const query = c.req.valid('query')
				const page = toPage(query)
				if (account.role === 'tutor' && query.createdBy && query.createdBy !== account.id) {
					throw new ApiError(403, MESSAGES.forbidden)
				}
				const filter =
					account.role === 'tutor'
						? { tutorId: account.id, taskType: query.taskType }
						: {
								studentId: account.id,
								createdBy: query.createdBy,
								taskType: query.taskType,
								dueFrom: query.dueFrom ? new Date(query.dueFrom) : undefined,
								unsubmitted: query.unsubmitted === 'true',
							}
				const { rows, total } = await listTasks(db, filter, page)
				return c.json({ tasks: rows.map(toTask), pagination: taskPagination(total, page) }, 200)
			},
		)
		.endpoint(courseMenuRoute(teachersOnly, 'getTaskCourses'), async (c) =>
			c.json(await coursesRunBy(db, c.get('account'), c.req.valid('query')), 200),
		)
		.endpoint(
			{
				method: 'post',
				path: '/create-task',
				operationId: 'createTask',
				summary: 'Set a task (a form, with an optional file)',
				middleware: teachersOnly,
				request: { body: formBody(newTaskForm) },
				description:
					"The course's tutor sets a task (multipart; `endDate`, not before `dueDate`, closes it to submissions). The course's students are mailed (the `newTask` kind). Files: PDF, PNG, JPEG, GIF, WebP, TXT, MD, CSV, DOC(X), XLS(X), PPT(X) or ZIP, judged by name and bytes, at most 10 MB; never served by `/files/{key}`.",
				responses: answers(
					{ 201: changedTask },
					{
						400: [
							{ path: 'attachment', msg: 'Upload <the kinds above>' },
							{ path: 'attachment', msg: 'The file is empty' },
						],
						403: MESSAGES.forbidden,
						404: COURSE_NOT_FOUND,
						413: MESSAGES.documentTooLarge,
					},
				),
			},
			async (c) => {
				const { attachment, ...fields } = c.req.valid('form')
				const task = await setTask(deps, c.get('account'), fields, attachment)
				return c.json({ message: 'Task created successfully', task: toTask(task) }, 201)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/submissions/{submissionId}/file',
				operationId: 'downloadSubmissionFile',
				summary: "A submission's file",
				middleware: requireAccount(),
				request: { params: uuidParams('submissionId') },
				description:
					"The submitting student or the task's tutor: the submitted file, as an attachment.",
				responses: answers(
					{ 200: fileAnswer(...DOCUMENT_MEDIA_TYPES) },
					{ 403: MESSAGES.forbidden, 404: [SUBMISSION_NOT_FOUND, FILE_NOT_FOUND] },
				),
			},
			async (c) => {
				const submission = await visibleSubmission(
					db,
					c.get('account'),
					c.req.valid('param').submissionId,
				)
				const file = { key: submission.file_key, name: submission.file_name }
				return downloadStored(deps.storage, file, c.req.method === 'HEAD')
			},
		)
		.endpoint(
			{
				method: 'put',
				path: '/{id}',
				operationId: 'updateTask',
				summary: 'Change a task (JSON, or a form that may carry a new file)',
				middleware: teachersOnly,
				request: {
					params: uuidParams('id'),
					body: {
						required: true,
						content: { ...jsonBody(taskUpdate).content, ...formBody(taskUpdateForm).content },
					},
				},
				description:
					'The task\'s tutor changes any of its fields (`null` or `""` clears `endDate`), as JSON, or as a multipart form whose file `attachment` replaces the task\'s file; `removeAttachment: true` takes the file away. A file replaced or removed is deleted. Files: PDF, PNG, JPEG, GIF, WebP, TXT, MD, CSV, DOC(X), XLS(X), PPT(X) or ZIP, judged by name and bytes, at most 10 MB; never served by `/files/{key}`.',
				responses: answers(
					{ 200: changedTask },
					{
						400: [
							{ path: 'endDate', msg: 'End date must not be before the due date' },
							{ path: 'attachment', msg: 'Choose a new file or remove the attachment, not both' },
						],
						403: MESSAGES.forbidden,
						404: TASK_NOT_FOUND,
						413: MESSAGES.documentTooLarge,
					},
				),
			},
			async (c) => {
				const task = await ownTask(db, c.get('account'), c.req.valid('param').id)
				// JSON changes the fields; a multipart form may also carry a new file `attachment`.
				// Typed from both declared bodies at once; the form is the one with the file.
				const form = isMultipart(c)
					? (c.req.valid('form') as z.output<typeof taskUpdateForm>)
					: null
				const changed = await changeTask(deps, task, form ?? c.req.valid('json'), form?.attachment)
				return c.json({ message: 'Task updated successfully', task: toTask(changed) }, 200)
			},
		)
		.endpoint(
			{
				method: 'delete',
				path: '/{id}',
				operationId: 'deleteTask',
				summary: 'Delete a task',
				middleware: teachersOnly,
				request: { params: uuidParams('id') },
				description:
					"The task's tutor deletes it (a soft delete, `isDeleted`): from then on it is 404 everywhere.",
				responses: answers({ 200: deletedAnswer }, OWN_TASK_REFUSALS),
			},
			async (c) => {
				const task = await ownTask(db, c.get('account'), c.req.valid('param').id)
				await softDeleteTask(db, task.id)
				return c.json({ message: 'Task deleted successfully', id: task.id }, 200)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/{taskId}/attachment',
				operationId: 'downloadTaskAttachment',
				summary: "A task's file",
				middleware: requireAccount(),
				request: { params: uuidParams('taskId') },
				description:
					"The task's tutor or a student of its course: the task's file, as an attachment.",
				responses: answers(
					{ 200: fileAnswer(...DOCUMENT_MEDIA_TYPES) },
					{ 403: MESSAGES.forbidden, 404: [TASK_NOT_FOUND, FILE_NOT_FOUND] },
				),
			},
			async (c) => {
				const task = await visibleTask(db, c.get('account'), c.req.valid('param').taskId)
				const file = { key: task.attachment_key, name: task.attachment_name }
				return downloadStored(deps.storage, file, c.req.method === 'HEAD')
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/{taskId}/submit',
				operationId: 'submitTask',
				summary: 'Hand in work (201 the first time, 200 replacing it)',
				middleware: studentsOnly,
				request: { params: uuidParams('taskId'), body: formBody(submissionForm) },
				description:
					"A student of the task's course hands in one file (multipart `file`, `comment?`): 201 the first time, 200 when it replaces their earlier file before grading. Statuses: `Pending` (nothing in), `Submitted` (by the due date), `Late` (after the due date, judged against the current one), `Graded`. Files: PDF, PNG, JPEG, GIF, WebP, TXT, MD, CSV, DOC(X), XLS(X), PPT(X) or ZIP, judged by name and bytes, at most 10 MB; never served by `/files/{key}`.",
				responses: answers(
					{ 200: changedSubmission, 201: changedSubmission },
					{
						400: [
							{ path: 'file', msg: 'Choose a file to upload' },
							{ path: 'file', msg: 'The file is empty' },
						],
						403: MESSAGES.forbidden,
						404: [TASK_NOT_FOUND, SUBMISSION_NOT_FOUND],
						409: [SUBMISSIONS_CLOSED, ALREADY_GRADED],
						413: MESSAGES.documentTooLarge,
					},
				),
			},
			async (c) => {
				const { submission, created } = await submitWork(
					deps,
					c.get('account'),
					c.req.valid('param').taskId,
					c.req.valid('form'),
				)
				return c.json(
					{ message: 'Task submitted successfully', data: toSubmission(submission) },
					created ? 201 : 200,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/{taskId}/submissions/detailed',
				operationId: 'getSubmissions',
				summary: "A task's submissions, one per enrolled student",
				middleware: teachersOnly,
				request: { params: uuidParams('taskId'), query: submissionListQuery },
				description:
					"The task's tutor: one row per student of the course (Pending ones included), with `summary` counting each status and listing the grades. `sortBy`: `submittedAt` (default), `studentName`, `status`, `grade`; `sortDirection`: `desc` (default) or `asc`, empty values last; `status`: statuses, comma-separated (`Submitted,Late` is the ungraded work).",
				responses: answers({ 200: submissionList }, OWN_TASK_REFUSALS),
			},
			async (c) => {
				const task = await ownTask(db, c.get('account'), c.req.valid('param').taskId)
				const query = c.req.valid('query')
				const page = toPage(query)
				const [list, summary] = await Promise.all([
					listSubmissions(db, task, { ...query, statuses: query.status }, page),
					submissionSummary(db, task),
				])
				return c.json(
					{
						submissions: list.rows.map(toSubmission),
						taskInfo: toTask(task),
						pagination: taskPagination(list.total, page),
						summary,
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/{taskId}/submission/{studentId}',
				operationId: 'getStudentSubmission',
				summary: "One student's submission",
				middleware: requireAccount({ roles: ['tutor', 'student'] }),
				request: { params: uuidParams('taskId', 'studentId') },
				description:
					"The task's tutor, or the student themself: the task and the student's submission (a Pending one when nothing is in).",
				responses: answers(
					{ 200: taskSubmission },
					{ 403: MESSAGES.forbidden, 404: [TASK_NOT_FOUND, 'Student not found for this task'] },
				),
			},
			async (c) => {
				const { taskId, studentId } = c.req.valid('param')
				const { task, submission } = await studentSubmission(
					db,
					c.get('account'),
					taskId,
					studentId,
				)
				return c.json({ task: toTask(task), submission: toSubmission(submission) }, 200)
			},
		)
		.endpoint(
			{
				method: 'patch',
				path: '/{submissionId}/grade',
				operationId: 'gradeSubmission',
				summary: 'Grade a submission',
				middleware: teachersOnly,
				request: { params: uuidParams('submissionId'), body: jsonBody(gradeData) },
				description:
					"The task's tutor grades a submission (a whole number 0-100, `feedback` optional); grading again corrects the grade. The student is mailed (the `submissionGraded` kind); a graded submission can no longer be replaced.",
				responses: answers(
					{ 200: changedSubmission },
					{ 403: MESSAGES.forbidden, 404: [SUBMISSION_NOT_FOUND, TASK_NOT_FOUND] },
				),
			},
			async (c) => {
				const row = await gradeWork(
					deps,
					c.get('account'),
					c.req.valid('param').submissionId,
					c.req.valid('json'),
				)
				return c.json({ message: 'Task graded successfully', data: toSubmission(row) }, 200)
			},
		)
}
