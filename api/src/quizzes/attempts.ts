import type { Selectable } from 'kysely'
import type { Db } from '../db.ts'
import type { Page } from '../platform/pagination.ts'
import type { AttemptStatus, StoredQuestion, TestAttemptsTable } from '../schema.ts'
import { validationError, type FieldError } from '../platform/errors.ts'

export type AttemptRow = Selectable<TestAttemptsTable>
export type Answers = Record<string, number>

/** A submission this late after the deadline still counts: clocks and networks are not exact. */
export const GRACE_SECONDS = 30

export const isPastGrace = (attempt: AttemptRow, now: Date) =>
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

export const findAttempt = (db: Db, id: string) =>
	db.selectFrom('test_attempts').selectAll().where('id', '=', id).executeTakeFirst()

export const findOpenAttempt = (db: Db, studentId: string, templateId: string) =>
	db
		.selectFrom('test_attempts')
		.selectAll()
		.where('student_id', '=', studentId)
		.where('template_id', '=', templateId)
		.where('status', '=', 'in_progress')
		.executeTakeFirst()

export type NewAttempt = {
	templateId: string
	studentId: string
	title: string
	questions: StoredQuestion[]
	timeLimit: number
	now: Date
}

export const insertAttempt = (db: Db, attempt: NewAttempt) =>
	db
		.insertInto('test_attempts')
		.values({
			template_id: attempt.templateId,
			student_id: attempt.studentId,
			template_title: attempt.title,
			questions: JSON.stringify(attempt.questions),
			time_limit: attempt.timeLimit,
			started_at: attempt.now,
			deadline: new Date(attempt.now.getTime() + attempt.timeLimit * 60_000),
		})
		.returningAll()
		.executeTakeFirstOrThrow()

export const saveProgress = (db: Db, id: string, answers: Answers, flagged: number[], now: Date) =>
	db
		.updateTable('test_attempts')
		.set({
			answers: JSON.stringify(answers),
			flagged: JSON.stringify(flagged),
			answers_saved_at: now,
		})
		.where('id', '=', id)
		.where('status', '=', 'in_progress')
		.returningAll()
		.executeTakeFirst()

/**
 * Closes an open attempt once: scores the answers and writes its history entry. Returns the
 * closed row, or undefined when another request closed it first.
 */
export function closeAttempt(
	db: Db,
	attempt: AttemptRow,
	close: {
		status: Exclude<AttemptStatus, 'in_progress'>
		answers: Answers
		flagged: number[]
		at: Date
	},
) {
	const { score, total } = scoreAnswers(attempt.questions, close.answers)
	return db.transaction().execute(async (trx) => {
		const closed = await trx
			.updateTable('test_attempts')
			.set({
				status: close.status,
				answers: JSON.stringify(close.answers),
				flagged: JSON.stringify(close.flagged),
				closed_at: close.at,
				score,
				total_questions: total,
			})
			.where('id', '=', attempt.id)
			.where('status', '=', 'in_progress')
			.returningAll()
			.executeTakeFirst()
		if (!closed) return undefined
		await trx
			.insertInto('test_history')
			.values({
				attempt_id: closed.id,
				student_id: closed.student_id,
				template_id: closed.template_id,
				template_title: closed.template_title,
				score,
				total_questions: total,
				status: close.status,
				started_at: closed.started_at,
				completed_at: close.at,
			})
			.execute()
		return closed
	})
}

/**
 * An attempt left open past its deadline (and the grace) is closed as of its deadline with what
 * was saved. Runs whenever an attempt is read, so no background timer is needed.
 */
export async function settleAttempt(db: Db, attempt: AttemptRow, now: Date): Promise<AttemptRow> {
	if (attempt.status !== 'in_progress' || !isPastGrace(attempt, now)) return attempt
	await closeAttempt(db, attempt, {
		status: 'expired',
		answers: attempt.answers,
		flagged: attempt.flagged,
		at: attempt.deadline,
	})
	return (await findAttempt(db, attempt.id)) ?? attempt
}

/** Closes every overdue attempt of a student, so their history is complete. */
export async function settleStudentAttempts(db: Db, studentId: string, now: Date) {
	const overdue = await db
		.selectFrom('test_attempts')
		.selectAll()
		.where('student_id', '=', studentId)
		.where('status', '=', 'in_progress')
		.where('deadline', '<', new Date(now.getTime() - GRACE_SECONDS * 1000))
		.execute()
	for (const attempt of overdue) await settleAttempt(db, attempt, now)
}

export const findHistoryByAttempt = (db: Db, attemptId: string) =>
	db.selectFrom('test_history').selectAll().where('attempt_id', '=', attemptId).executeTakeFirst()

export const findHistoryEntry = (db: Db, id: string) =>
	db.selectFrom('test_history').selectAll().where('id', '=', id).executeTakeFirst()

export async function listHistory(db: Db, studentId: string, page: Page) {
	const [rows, count] = await Promise.all([
		db
			.selectFrom('test_history')
			.selectAll()
			.where('student_id', '=', studentId)
			.orderBy('completed_at', 'desc')
			.orderBy('id')
			.limit(page.limit)
			.offset(page.offset)
			.execute(),
		db
			.selectFrom('test_history')
			.select((eb) => eb.fn.countAll().as('total'))
			.where('student_id', '=', studentId)
			.executeTakeFirstOrThrow(),
	])
	return { rows, total: Number(count.total) }
}
