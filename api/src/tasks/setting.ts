import type { z } from 'zod'
import { COURSE_NOT_FOUND } from '../courses/access.ts'
import { findCourseStaff } from '../courses/repository.ts'
import { quotedTitle } from '../mail/compose.ts'
import { notifyStudents } from '../mail/notifications.ts'
import type { Account, ApiDeps } from '../platform/context.ts'
import { ApiError, MESSAGES, validationError } from '../platform/errors.ts'
import { taskOr404 } from './access.ts'
import { readOptionalDocument, removeQuietly, storeAttachment } from './documents.ts'
import { insertTask, updateTask, type TaskChanges, type TaskRow } from './repository.ts'
import type { newTask, taskUpdate } from './schemas.ts'

// A tutor sets a task and changes it (moved from tasks/routes.ts, decision 060): its file is
// stored before the row is written and removed again when the write fails.

type Deps = Pick<ApiDeps, 'db' | 'config' | 'storage'>

/** A due time as a mail says it: the spec stores instants; mails name UTC. */
const dueText = (due: Date) => `${due.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** The course's tutor sets a task, with an optional file; the course's students are mailed. */
export async function setTask(
	deps: Deps,
	account: Account,
	fields: z.output<typeof newTask>,
	attachment: unknown,
) {
	const { db, config, storage } = deps
	const course = await findCourseStaff(db, fields.courseId)
	if (!course) throw new ApiError(404, COURSE_NOT_FOUND)
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
		const task = await taskOr404(db, id)
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
		return task
	} catch (error) {
		if (stored) await removeQuietly(storage, stored.key)
		throw error
	}
}

/**
 * Changes the tutor's task: its fields, and its file (`attachment`, a form's file field, replaces
 * it; `removeAttachment` takes it away). A file replaced or removed is deleted.
 */
export async function changeTask(
	deps: Deps,
	task: TaskRow,
	update: z.output<typeof taskUpdate>,
	attachment: unknown,
) {
	const { db, storage } = deps
	const dueDate = update.dueDate ?? task.due_date
	const endDate = update.endDate === undefined ? task.end_date : update.endDate
	if (endDate && endDate < dueDate) {
		throw new ApiError(400, MESSAGES.validation, [
			{ path: 'endDate', msg: 'End date must not be before the due date' },
		])
	}
	const document = await readOptionalDocument(attachment, 'attachment')
	if (document && update.removeAttachment) {
		throw validationError([
			{ path: 'attachment', msg: 'Choose a new file or remove the attachment, not both' },
		])
	}
	const stored = document ? await storeAttachment(storage, document) : null
	const changes: TaskChanges = {
		title: update.title,
		description: update.description,
		task_type: update.taskType,
		due_date: update.dueDate,
		end_date: update.endDate,
	}
	const { replacedKey } = await updateTask(
		db,
		task.id,
		changes,
		stored ?? (update.removeAttachment ? null : undefined),
	).catch(async (error: unknown) => {
		if (stored) await removeQuietly(storage, stored.key)
		throw error
	})
	if (replacedKey) await removeQuietly(storage, replacedKey)
	return taskOr404(db, task.id)
}
