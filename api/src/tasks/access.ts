import { isEnrolled } from '../courses/repository.ts'
import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import type { Refusals } from '../platform/openapi.ts'
import { findStudentSubmission, findSubmissionById, findTask, type TaskRow } from './repository.ts'

// Who may read or change a task and its submissions (moved from tasks/routes.ts, decision 060).

export const TASK_NOT_FOUND = 'Task not found'
export const SUBMISSION_NOT_FOUND = 'Submission not found'

/** A call on one task its tutor owns: its refusals (decision 059). */
export const OWN_TASK_REFUSALS = {
	403: MESSAGES.forbidden,
	404: TASK_NOT_FOUND,
} as const satisfies Refusals

/** The task, with the asking student's own status when `student` is given: 404 when unknown. */
export async function taskOr404(db: Db, id: string, student: string | null = null) {
	const task = await findTask(db, id, student)
	if (!task) throw new ApiError(404, TASK_NOT_FOUND)
	return task
}

/** The task, if the tutor set it. */
export async function ownTask(db: Db, account: Account, id: string) {
	const task = await taskOr404(db, id)
	if (task.created_by !== account.id) throw new ApiError(403, MESSAGES.forbidden)
	return task
}

/** The task, if the account may read it: its tutor, or a student of its course. */
export async function visibleTask(db: Db, account: Account, id: string): Promise<TaskRow> {
	const task = await taskOr404(db, id, account.role === 'student' ? account.id : null)
	if (account.role === 'tutor' && task.created_by === account.id) return task
	if (account.role === 'student' && (await isEnrolled(db, task.course_id, account.id))) return task
	throw new ApiError(403, MESSAGES.forbidden)
}

/** A submission not deleted: 404 otherwise. */
export async function submissionOr404(db: Db, id: string) {
	const submission = await findSubmissionById(db, id)
	if (!submission || submission.is_deleted) throw new ApiError(404, SUBMISSION_NOT_FOUND)
	return submission
}

/** A submission its student or its task's tutor may read. */
export async function visibleSubmission(db: Db, account: Account, id: string) {
	const submission = await submissionOr404(db, id)
	const allowed =
		(account.role === 'student' && submission.student_id === account.id) ||
		(account.role === 'tutor' && submission.created_by === account.id)
	if (!allowed) throw new ApiError(403, MESSAGES.forbidden)
	return submission
}

/**
 * The task and one student's submission (a Pending one when nothing is in): its tutor, or the
 * student themself. The tutor's task carries no submission status of its own.
 */
export async function studentSubmission(
	db: Db,
	account: Account,
	taskId: string,
	studentId: string,
) {
	if (account.role === 'student' && studentId !== account.id) {
		throw new ApiError(403, MESSAGES.forbidden)
	}
	const task = await visibleTask(db, account, taskId)
	const row = await findStudentSubmission(db, task, studentId)
	if (!row) throw new ApiError(404, 'Student not found for this task')
	return { task: account.role === 'student' ? task : { ...task, my_status: null }, submission: row }
}
