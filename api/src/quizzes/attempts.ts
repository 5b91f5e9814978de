import type { Db } from '../db.ts'
import type { AttemptStatus, StoredQuestion } from '../schema.ts'
import { validationError, type FieldError } from '../platform/errors.ts'
import { closeAttemptRow, findAttempt, findOverdueAttempts, type AttemptRow } from './repository.ts'
import { GRACE_SECONDS, type Answers } from './schemas.ts'

export const isPastGrace = (attempt: Pick<AttemptRow, 'deadline'>, now: Date) =>
	now.getTime() > attempt.deadline.getTime() + GRACE_SECONDS * 1000

export function scoreAnswers(questions: StoredQuestion[], answers: Answers) {
	const score = questions.filter((question) =>
		question.options.some((option) => option.isCorrect && option.id === answers[question.id]),
	).length
	return { score, total: questions.length }
}

/** Every answered question and chosen option must exist in the attempt: 400 otherwise. */
export function checkAnswers(
	questions: StoredQuestion[],
	answers: Answers,
	flagged: number[],
	answersPath: (questionId: string) => string,
) {
	const byId = new Map(questions.map((question) => [String(question.id), question]))
	const errors: FieldError[] = []
	for (const [questionId, optionId] of Object.entries(answers)) {
		const question = byId.get(questionId)
		if (!question)
			errors.push({ path: answersPath(questionId), msg: 'No such question in this test' })
		else if (!question.options.some((option) => option.id === optionId)) {
			errors.push({ path: answersPath(questionId), msg: 'No such option for this question' })
		}
	}
	flagged.forEach((questionId, index) => {
		if (!byId.has(String(questionId))) {
			errors.push({ path: `flagged.${index}`, msg: 'No such question in this test' })
		}
	})
	if (errors.length) throw validationError(errors)
}

/**
 * Closes an open attempt once: scores the answers and writes its history entry. Returns the
 * closed row and its entry, or undefined when another request closed it first.
 */
export function closeAttempt(
	db: Db,
	attempt: Pick<AttemptRow, 'id' | 'questions'>,
	close: {
		status: Exclude<AttemptStatus, 'in_progress'>
		answers: Answers
		flagged: number[]
		at: Date
	},
) {
	const { score, total } = scoreAnswers(attempt.questions, close.answers)
	return closeAttemptRow(db, attempt.id, { ...close, score, total })
}

/**
 * An attempt left open past its deadline (and the grace) is closed as of its deadline with what
 * was saved. Runs whenever an attempt is read, so no background timer is needed.
 */
export async function settleAttempt(db: Db, attempt: AttemptRow, now: Date): Promise<AttemptRow> {
	if (attempt.status !== 'in_progress' || !isPastGrace(attempt, now)) return attempt
	const closed = await closeAttempt(db, attempt, {
		status: 'expired',
		answers: attempt.answers,
		flagged: attempt.flagged,
		at: attempt.deadline,
	})
	// Closed meanwhile by another request: as that one left it.
	return closed?.attempt ?? (await findAttempt(db, attempt.id)) ?? attempt
}

/** Closes every overdue attempt of a student, so their history is complete. */
export async function settleStudentAttempts(db: Db, studentId: string, now: Date) {
	const overdue = await findOverdueAttempts(
		db,
		studentId,
		new Date(now.getTime() - GRACE_SECONDS * 1000),
	)
	for (const attempt of overdue) await settleAttempt(db, attempt, now)
}
