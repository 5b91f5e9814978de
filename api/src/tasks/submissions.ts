import { quotedTitle } from '../mail/compose.ts'
import { notifyUsers } from '../mail/notifications.ts'
import type { Account, ApiDeps } from '../platform/context.ts'
import { ApiError, isUniqueViolation, MESSAGES, refusalCode } from '../platform/errors.ts'
import type { Speaker } from '../platform/i18n.ts'
import { SUBMISSION_NOT_FOUND, submissionOr404, taskOr404, visibleTask } from './access.ts'
import { readDocument, removeQuietly, storeAttachment } from './documents.ts'
import { findStudentSubmission, gradeSubmission, saveSubmission } from './repository.ts'

// A student hands in work and the tutor grades it (moved from tasks/routes.ts, decision 060).

type Deps = Pick<ApiDeps, 'db' | 'config' | 'storage'>

export const SUBMISSIONS_CLOSED = 'Submissions for this task are closed'
export const ALREADY_GRADED = 'This submission has already been graded'
// Refusals a client tells apart by their code (decision 072).
refusalCode(SUBMISSIONS_CLOSED, 'submissions_closed')
refusalCode(ALREADY_GRADED, 'already_graded')

/**
 * A student of the task's course hands in one file (a form's file field), replacing their earlier
 * one before it is graded. `created` says whether it is their first.
 */
export async function submitWork(
	deps: Deps,
	account: Account,
	taskId: string,
	form: { file?: unknown; comment?: string | null },
) {
	const { db, storage } = deps
	const task = await visibleTask(db, account, taskId)
	if (task.end_date && Date.now() > task.end_date.getTime()) {
		throw new ApiError(409, SUBMISSIONS_CLOSED)
	}
	const document = await readDocument(form.file, 'file')
	const file = {
		...(await storeAttachment(storage, document)),
		comment: form.comment ?? null,
	}
	let saved: Awaited<ReturnType<typeof saveSubmission>>
	try {
		saved = await saveSubmission(db, task.id, account.id, file).catch((error: unknown) => {
			// Two first submissions at once: the loser replaces the winner's file.
			if (isUniqueViolation(error)) return saveSubmission(db, task.id, account.id, file)
			throw error
		})
	} catch (error) {
		await removeQuietly(storage, file.key)
		throw error
	}
	if (saved === 'graded') {
		await removeQuietly(storage, file.key)
		throw new ApiError(409, ALREADY_GRADED)
	}
	if (saved.replacedKey) await removeQuietly(storage, saved.replacedKey)
	const row = await findStudentSubmission(db, task, account.id)
	if (!row) throw new ApiError(404, SUBMISSION_NOT_FOUND)
	return { submission: row, created: saved.created }
}

/** The task's tutor grades a submission (again, to correct it); the student is mailed. */
export async function gradeWork(
	deps: Deps,
	account: Account,
	id: string,
	{ grade, feedback }: { grade: number; feedback?: string | null },
) {
	const { db, config } = deps
	const submission = await submissionOr404(db, id)
	if (submission.created_by !== account.id) throw new ApiError(403, MESSAGES.forbidden)
	await gradeSubmission(db, id, grade, feedback ?? null)
	const task = await taskOr404(db, submission.task_id)
	const row = await findStudentSubmission(db, task, submission.student_id)
	if (!row) throw new ApiError(404, SUBMISSION_NOT_FOUND)
	notifyUsers({ db, config }, [submission.student_id], {
		kind: 'submissionGraded',
		path: `/studentdashboard/task-details?taskId=${task.id}`,
		subject: ({ say }) => say('Your work on {task} is graded', { task: quotedTitle(task.title) }),
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
	return row
}
