import { Hono, type Context } from 'hono'
import { log } from '../platform/log.ts'
import { coursesRunBy, findCourseStaff, isEnrolled, readCourseMenu } from '../courses/access.ts'
import { notifyStudents, notifyUsers } from '../mail/notifications.ts'
import type { Account, ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, isUniqueViolation, MESSAGES, validationError } from '../platform/errors.ts'
import { readForm } from '../platform/forms.ts'
import { readJsonBody } from '../platform/json.ts'
import { pagination as pageOf, readPage, type Page } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { readId, validate } from '../platform/validation.ts'
import { fileResponse, readDocument, readOptionalDocument, storeDocument } from './documents.ts'
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
	gradeData,
	newTask,
	submissionFields,
	submissionListQuery,
	taskListQuery,
	taskUpdate,
} from './schemas.ts'
import { quotedTitle } from '../mail/compose.ts'

/** The multipart calls that carry a document (up to 10 MB) rather than an image: create, update, submit. */
export const TASK_UPLOAD_PATHS = /^\/api\/v1\/tasks\/(create-task|[^/]+|[^/]+\/submit)\/?$/

const isMultipart = (c: Context) =>
	/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')

/** A multipart form's text fields (files left out), for the same schema as a JSON body. */
const textFields = (form: Record<string, string | File>) =>
	Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string'))

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
	const tutorsOnly = requireAccount({ roles: ['tutor'] })
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

	return new Hono<ApiEnv>()
		.get('/', requireAccount({ roles: ['tutor', 'student'] }), async (c) => {
			const account = c.get('account')
			const page = readPage(c)
			const query = validate(taskListQuery, c.req.query())
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
			return c.json({ tasks: rows.map(toTask), pagination: pagination(total, page) })
		})
		.get('/courses', tutorsOnly, async (c) => {
			return c.json(await coursesRunBy(db, c.get('account'), readCourseMenu(c)))
		})
		.post('/create-task', tutorsOnly, async (c) => {
			const account = c.get('account')
			const form = await readForm(c)
			const fields = validate(newTask, form)
			const course = await findCourseStaff(db, fields.courseId)
			if (!course) throw new ApiError(404, 'Course not found')
			if (course.tutor_id !== account.id) throw new ApiError(403, MESSAGES.forbidden)
			const document = await readOptionalDocument(form.attachment, 'attachment')
			const key = document ? await storeDocument(storage, document) : null
			try {
				const { id } = await insertTask(db, {
					courseId: course.id,
					createdBy: account.id,
					title: fields.title,
					description: fields.description ?? null,
					taskType: fields.taskType,
					dueDate: fields.dueDate,
					endDate: fields.endDate ?? null,
					attachment:
						document && key
							? {
									key,
									name: document.name,
									type: document.contentType,
									size: document.bytes.byteLength,
								}
							: null,
				})
				const task = await taskOr404(id)
				notifyStudents(
					{ db, config },
					{ courseId: course.id },
					{
						kind: 'newTask',
						path: `/studentdashboard/task-details?taskId=${task.id}`,
						subject: `New task in ${quotedTitle(course.title)}: ${quotedTitle(task.title)}`,
						paragraphs: [
							`Your teacher posted a new task in ${course.title}: "${task.title}", due ${dueText(task.due_date)}.`,
						],
						actionLabel: 'Open the task',
					},
				)
				return c.json({ message: 'Task created successfully', task: toTask(task) }, 201)
			} catch (error) {
				if (key) await removeQuietly(key)
				throw error
			}
		})
		.get('/submissions/:submissionId/file', requireAccount(), async (c) => {
			const account = c.get('account')
			const submission = await findSubmissionById(
				db,
				readId('submissionId', c.req.param('submissionId')),
			)
			if (!submission || submission.is_deleted) throw new ApiError(404, SUBMISSION_NOT_FOUND)
			const allowed =
				(account.role === 'student' && submission.student_id === account.id) ||
				(account.role === 'tutor' && submission.created_by === account.id)
			if (!allowed) throw new ApiError(403, MESSAGES.forbidden)
			return download(c, submission.file_key, submission.file_name)
		})
		.put('/:id', tutorsOnly, async (c) => {
			const task = await ownTask(c.get('account'), readId('id', c.req.param('id')))
			// JSON changes the fields; a multipart form may also carry a new file `attachment`.
			const form = isMultipart(c) ? await readForm(c) : null
			const update = form
				? validate(taskUpdate, textFields(form))
				: await readJsonBody(c, taskUpdate)
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
			const key = document ? await storeDocument(storage, document) : null
			const attachment =
				document && key
					? {
							key,
							name: document.name,
							type: document.contentType,
							size: document.bytes.byteLength,
						}
					: update.removeAttachment
						? null
						: undefined
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
				if (key) await removeQuietly(key)
				throw error
			})
			if (replacedKey) await removeQuietly(replacedKey)
			return c.json({
				message: 'Task updated successfully',
				task: toTask(await taskOr404(task.id)),
			})
		})
		.delete('/:id', tutorsOnly, async (c) => {
			const task = await ownTask(c.get('account'), readId('id', c.req.param('id')))
			await softDeleteTask(db, task.id)
			return c.json({ message: 'Task deleted successfully', id: task.id })
		})
		.get('/:taskId/attachment', requireAccount(), async (c) => {
			const task = await visibleTask(c.get('account'), readId('taskId', c.req.param('taskId')))
			return download(c, task.attachment_key, task.attachment_name)
		})
		.post('/:taskId/submit', studentsOnly, async (c) => {
			const account = c.get('account')
			const task = await visibleTask(account, readId('taskId', c.req.param('taskId')))
			if (task.end_date && Date.now() > task.end_date.getTime()) {
				throw new ApiError(409, 'Submissions for this task are closed')
			}
			const form = await readForm(c)
			const { comment } = validate(submissionFields, form)
			const document = await readDocument(form.file, 'file')
			const key = await storeDocument(storage, document)
			const file = {
				key,
				name: document.name,
				type: document.contentType,
				size: document.bytes.byteLength,
				comment: comment ?? null,
			}
			let saved: Awaited<ReturnType<typeof saveSubmission>>
			try {
				saved = await saveSubmission(db, task.id, account.id, file).catch((error: unknown) => {
					// Two first submissions at once: the loser replaces the winner's file.
					if (isUniqueViolation(error)) return saveSubmission(db, task.id, account.id, file)
					throw error
				})
			} catch (error) {
				await removeQuietly(key)
				throw error
			}
			if (saved === 'graded') {
				await removeQuietly(key)
				throw new ApiError(409, 'This submission has already been graded')
			}
			if (saved.replacedKey) await removeQuietly(saved.replacedKey)
			const row = await findStudentSubmission(db, task, account.id)
			return c.json(
				{ message: 'Task submitted successfully', data: row && toSubmission(row) },
				saved.created ? 201 : 200,
			)
		})
		.get('/:taskId/submissions/detailed', tutorsOnly, async (c) => {
			const task = await ownTask(c.get('account'), readId('taskId', c.req.param('taskId')))
			const page = readPage(c)
			const query = validate(submissionListQuery, c.req.query())
			const [list, summary] = await Promise.all([
				listSubmissions(db, task, { ...query, statuses: query.status }, page),
				submissionSummary(db, task),
			])
			return c.json({
				submissions: list.rows.map(toSubmission),
				taskInfo: toTask(task),
				pagination: pagination(list.total, page),
				summary,
			})
		})
		.get(
			'/:taskId/submission/:studentId',
			requireAccount({ roles: ['tutor', 'student'] }),
			async (c) => {
				const account = c.get('account')
				const taskId = readId('taskId', c.req.param('taskId'))
				const studentId = readId('studentId', c.req.param('studentId'))
				if (account.role === 'student' && studentId !== account.id) {
					throw new ApiError(403, MESSAGES.forbidden)
				}
				const task = await visibleTask(account, taskId)
				const row = await findStudentSubmission(db, task, studentId)
				if (!row) throw new ApiError(404, 'Student not found for this task')
				const taskAnswer = account.role === 'student' ? task : { ...task, my_status: null }
				return c.json({ task: toTask(taskAnswer), submission: toSubmission(row) })
			},
		)
		.patch('/:submissionId/grade', tutorsOnly, async (c) => {
			const account = c.get('account')
			const id = readId('submissionId', c.req.param('submissionId'))
			const { grade, feedback } = await readJsonBody(c, gradeData)
			const submission = await findSubmissionById(db, id)
			if (!submission || submission.is_deleted) throw new ApiError(404, SUBMISSION_NOT_FOUND)
			if (submission.created_by !== account.id) throw new ApiError(403, MESSAGES.forbidden)
			await gradeSubmission(db, id, grade, feedback ?? null)
			const task = await taskOr404(submission.task_id)
			const row = await findStudentSubmission(db, task, submission.student_id)
			notifyUsers({ db, config }, [submission.student_id], {
				kind: 'submissionGraded',
				path: `/studentdashboard/task-details?taskId=${task.id}`,
				subject: `Your work on ${quotedTitle(task.title)} is graded`,
				paragraphs: [
					`Your submission for "${task.title}" in ${task.course_title} has been graded: ${grade} out of 100.`,
					...(feedback ? [`Your teacher's feedback: ${feedback}`] : []),
				],
				actionLabel: 'See your grade',
			})
			return c.json({ message: 'Task graded successfully', data: row && toSubmission(row) })
		})
}
