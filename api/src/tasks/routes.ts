import type { Speaker } from '../platform/i18n.ts'
import type { Context } from 'hono'
import { quotedTitle } from '../mail/compose.ts'
import type { z } from 'zod'
import { log } from '../platform/log.ts'
import { coursesRunBy, findCourseStaff, isEnrolled } from '../courses/repository.ts'
import { courseMenuRoute } from '../courses/schemas.ts'
import { notifyStudents, notifyUsers } from '../mail/notifications.ts'
import type { Account, ApiDeps } from '../platform/context.ts'
import { ApiError, isUniqueViolation, MESSAGES, validationError } from '../platform/errors.ts'
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
import { pagination as pageOf, toPage, type Page } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import {
	DOCUMENT_MEDIA_TYPES,
	fileResponse,
	readDocument,
	readOptionalDocument,
	storeAttachment,
} from './documents.ts'
import { toSubmission, toTask } from './present.ts'
import {
	findStudentSubmission,
	findSubmissionById,
	findTask,
	insertTask,
	listSubmissions,
	listTasks,
	saveSubmission,
	softDeleteTask,
	submissionSummary,
	updateTask,
	gradeSubmission,
	type TaskRow,
} from './repository.ts'
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

/** The multipart calls that carry a document (up to 10 MB) rather than an image: create, update, submit. */
export const TASK_UPLOAD_PATHS = /^\/api\/v1\/tasks\/(create-task|[^/]+|[^/]+\/submit)\/?$/

const TASK_NOT_FOUND = 'Task not found'
const SUBMISSION_NOT_FOUND = 'Submission not found'

/** The task lists' pagination also names the page `currentPage` (spec section 7). */
const pagination = (total: number, page: Page) => ({
	...pageOf(total, page),
	currentPage: page.page,
})

/** A due time as a mail says it: the spec stores instants; mails name UTC. */
const dueText = (due: Date) => `${due.toISOString().slice(0, 16).replace('T', ' ')} UTC`

export function taskRoutes({ db, config, storage }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	const teachersOnly = requireAccount({ roles: ['tutor'] })
	const studentsOnly = requireAccount({ roles: ['student'] })

	const taskOr404 = async (id: string, student: string | null = null) => {
		const task = await findTask(db, id, student)
		if (!task) throw new ApiError(404, TASK_NOT_FOUND)
		return task
	}
	/** The task, if the tutor set it. */
	const ownTask = async (account: Account, id: string) => {
		const task = await taskOr404(id)
		if (task.created_by !== account.id) throw new ApiError(403, MESSAGES.forbidden)
		return task
	}
	/** The task, if the account may read it: its tutor, or a student of its course. */
	const visibleTask = async (account: Account, id: string): Promise<TaskRow> => {
		const task = await taskOr404(id, account.role === 'student' ? account.id : null)
		if (account.role === 'tutor' && task.created_by === account.id) return task
		if (account.role === 'student' && (await isEnrolled(db, task.course_id, account.id)))
			return task
		throw new ApiError(403, MESSAGES.forbidden)
	}
	const removeQuietly = (key: string) =>
		storage
			.delete(key)
			.catch((error: unknown) => log.error({ err: error, key }, 'Could not remove file'))

	const download = async (c: Context, key: string | null, name: string | null) => {
		const file = key ? await storage.get(key) : null
		if (!file) throw new ApiError(404, 'File not found')
		if (c.req.method === 'HEAD') await file.body.cancel()
		return fileResponse(file, name ?? 'download')
	}

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
				return c.json({ tasks: rows.map(toTask), pagination: pagination(total, page) }, 200)
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
						404: 'Course not found',
						413: MESSAGES.documentTooLarge,
					},
				),
			},
			async (c) => {
				const account = c.get('account')
				const { attachment, ...fields } = c.req.valid('form')
				const course = await findCourseStaff(db, fields.courseId)
				if (!course) throw new ApiError(404, 'Course not found')
				if (course.tutor_id !== account.id) throw new ApiError(403, MESSAGES.forbidden)
				const document = await readOptionalDocument(attachment, 'attachment')
				const stored = document ? await storeAttachment(storage, document) : null
				try {
					const { id } = await insertTask(db, {
						courseId: course.id,
						createdBy: account.id,
						title: fields.title,
						description: fields.description ?? null,
						taskType: fields.taskType,
						dueDate: fields.dueDate,
						endDate: fields.endDate ?? null,
						attachment: stored,
					})
					const task = await taskOr404(id)
					notifyStudents(
						{ db, config },
						{ courseId: course.id },
						{
							kind: 'newTask',
							path: `/studentdashboard/task-details?taskId=${task.id}`,
							subject: ({ say }) =>
								say('New task in {course}: {task}', {
									course: quotedTitle(course.title),
									task: quotedTitle(task.title),
								}),
							paragraphs: [
								({ say }) =>
									say('Your teacher posted a new task in {course}: "{task}", due {due}.', {
										course: course.title,
										task: task.title,
										due: dueText(task.due_date),
									}),
							],
							actionLabel: ({ say }) => say('Open the task'),
						},
					)
					return c.json({ message: 'Task created successfully', task: toTask(task) }, 201)
				} catch (error) {
					if (stored) await removeQuietly(stored.key)
					throw error
				}
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
					{ 403: MESSAGES.forbidden, 404: ['Submission not found', 'File not found'] },
				),
			},
			async (c) => {
				const account = c.get('account')
				const submission = await findSubmissionById(db, c.req.valid('param').submissionId)
				if (!submission || submission.is_deleted) throw new ApiError(404, SUBMISSION_NOT_FOUND)
				const allowed =
					(account.role === 'student' && submission.student_id === account.id) ||
					(account.role === 'tutor' && submission.created_by === account.id)
				if (!allowed) throw new ApiError(403, MESSAGES.forbidden)
				return download(c, submission.file_key, submission.file_name)
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
						404: 'Task not found',
						413: MESSAGES.documentTooLarge,
					},
				),
			},
			async (c) => {
				const task = await ownTask(c.get('account'), c.req.valid('param').id)
				// JSON changes the fields; a multipart form may also carry a new file `attachment`.
				// Typed from both declared bodies at once; the form is the one with the file.
				const form = isMultipart(c)
					? (c.req.valid('form') as z.output<typeof taskUpdateForm>)
					: null
				const update = form ?? c.req.valid('json')
				const dueDate = update.dueDate ?? task.due_date
				const endDate = update.endDate === undefined ? task.end_date : update.endDate
				if (endDate && endDate < dueDate) {
					throw new ApiError(400, MESSAGES.validation, [
						{ path: 'endDate', msg: 'End date must not be before the due date' },
					])
				}
				const document = form ? await readOptionalDocument(form.attachment, 'attachment') : null
				if (document && update.removeAttachment) {
					throw validationError([
						{ path: 'attachment', msg: 'Choose a new file or remove the attachment, not both' },
					])
				}
				const stored = document ? await storeAttachment(storage, document) : null
				const attachment = stored ?? (update.removeAttachment ? null : undefined)
				const { replacedKey } = await updateTask(
					db,
					task.id,
					{
						title: update.title,
						description: update.description,
						task_type: update.taskType,
						due_date: update.dueDate,
						end_date: update.endDate,
					},
					attachment,
				).catch(async (error: unknown) => {
					if (stored) await removeQuietly(stored.key)
					throw error
				})
				if (replacedKey) await removeQuietly(replacedKey)
				return c.json(
					{ message: 'Task updated successfully', task: toTask(await taskOr404(task.id)) },
					200,
				)
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
				responses: answers(
					{ 200: deletedAnswer },
					{ 403: MESSAGES.forbidden, 404: 'Task not found' },
				),
			},
			async (c) => {
				const task = await ownTask(c.get('account'), c.req.valid('param').id)
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
					{ 403: MESSAGES.forbidden, 404: ['Task not found', 'File not found'] },
				),
			},
			async (c) => {
				const task = await visibleTask(c.get('account'), c.req.valid('param').taskId)
				return download(c, task.attachment_key, task.attachment_name)
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
						404: ['Task not found', 'Submission not found'],
						409: [
							'Submissions for this task are closed',
							'This submission has already been graded',
						],
						413: MESSAGES.documentTooLarge,
					},
				),
			},
			async (c) => {
				const account = c.get('account')
				const task = await visibleTask(account, c.req.valid('param').taskId)
				if (task.end_date && Date.now() > task.end_date.getTime()) {
					throw new ApiError(409, 'Submissions for this task are closed')
				}
				const { comment, file: upload } = c.req.valid('form')
				const document = await readDocument(upload, 'file')
				const file = { ...(await storeAttachment(storage, document)), comment: comment ?? null }
				let saved: Awaited<ReturnType<typeof saveSubmission>>
				try {
					saved = await saveSubmission(db, task.id, account.id, file).catch((error: unknown) => {
						// Two first submissions at once: the loser replaces the winner's file.
						if (isUniqueViolation(error)) return saveSubmission(db, task.id, account.id, file)
						throw error
					})
				} catch (error) {
					await removeQuietly(file.key)
					throw error
				}
				if (saved === 'graded') {
					await removeQuietly(file.key)
					throw new ApiError(409, 'This submission has already been graded')
				}
				if (saved.replacedKey) await removeQuietly(saved.replacedKey)
				const row = await findStudentSubmission(db, task, account.id)
				if (!row) throw new ApiError(404, SUBMISSION_NOT_FOUND)
				return c.json(
					{ message: 'Task submitted successfully', data: toSubmission(row) },
					saved.created ? 201 : 200,
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
				responses: answers(
					{ 200: submissionList },
					{ 403: MESSAGES.forbidden, 404: 'Task not found' },
				),
			},
			async (c) => {
				const task = await ownTask(c.get('account'), c.req.valid('param').taskId)
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
						pagination: pagination(list.total, page),
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
					{ 403: MESSAGES.forbidden, 404: ['Task not found', 'Student not found for this task'] },
				),
			},
			async (c) => {
				const account = c.get('account')
				const { taskId, studentId } = c.req.valid('param')
				if (account.role === 'student' && studentId !== account.id) {
					throw new ApiError(403, MESSAGES.forbidden)
				}
				const task = await visibleTask(account, taskId)
				const row = await findStudentSubmission(db, task, studentId)
				if (!row) throw new ApiError(404, 'Student not found for this task')
				const taskAnswer = account.role === 'student' ? task : { ...task, my_status: null }
				return c.json({ task: toTask(taskAnswer), submission: toSubmission(row) }, 200)
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
					{ 403: MESSAGES.forbidden, 404: ['Submission not found', 'Task not found'] },
				),
			},
			async (c) => {
				const account = c.get('account')
				const id = c.req.valid('param').submissionId
				const { grade, feedback } = c.req.valid('json')
				const submission = await findSubmissionById(db, id)
				if (!submission || submission.is_deleted) throw new ApiError(404, SUBMISSION_NOT_FOUND)
				if (submission.created_by !== account.id) throw new ApiError(403, MESSAGES.forbidden)
				await gradeSubmission(db, id, grade, feedback ?? null)
				const task = await taskOr404(submission.task_id)
				const row = await findStudentSubmission(db, task, submission.student_id)
				if (!row) throw new ApiError(404, SUBMISSION_NOT_FOUND)
				notifyUsers({ db, config }, [submission.student_id], {
					kind: 'submissionGraded',
					path: `/studentdashboard/task-details?taskId=${task.id}`,
					subject: ({ say }) =>
						say('Your work on {task} is graded', { task: quotedTitle(task.title) }),
					paragraphs: [
						({ say }) =>
							say('Your submission for "{task}" in {course} has been graded: {grade} out of 100.', {
								task: task.title,
								course: task.course_title,
								grade: String(grade),
							}),
						...(feedback
							? [({ say }: Speaker) => say("Your teacher's feedback: {feedback}", { feedback })]
							: []),
					],
					actionLabel: ({ say }) => say('See your grade'),
				})
				return c.json({ message: 'Task graded successfully', data: toSubmission(row) }, 200)
			},
		)
}
