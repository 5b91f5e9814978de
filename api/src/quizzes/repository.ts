import type { Selectable } from 'kysely'
import type { Db } from '../db.ts'
import { rowsAndTotal, type Page } from '../platform/pagination.ts'
import type { AttemptStatus, StoredQuestion, TestAttemptsTable } from '../schema.ts'
import type { Answers } from './schemas.ts'

export type AttemptRow = Selectable<TestAttemptsTable>

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

/** How an attempt closes: its status, what was answered, when, and its score. */
export type ClosedAttempt = {
	status: Exclude<AttemptStatus, 'in_progress'>
	answers: Answers
	flagged: number[]
	at: Date
	score: number
	total: number
}

/**
 * Closes an open attempt and writes its history entry, in one transaction. Answers the closed
 * row, or undefined when another request closed it first.
 */
export const closeAttemptRow = (db: Db, id: string, close: ClosedAttempt) =>
	db.transaction().execute(async (trx) => {
		const closed = await trx
			.updateTable('test_attempts')
			.set({
				status: close.status,
				answers: JSON.stringify(close.answers),
				flagged: JSON.stringify(close.flagged),
				closed_at: close.at,
				score: close.score,
				total_questions: close.total,
			})
			.where('id', '=', id)
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
				score: close.score,
				total_questions: close.total,
				status: close.status,
				started_at: closed.started_at,
				completed_at: close.at,
			})
			.execute()
		return closed
	})

export const findOverdueAttempts = (db: Db, studentId: string, deadlineBefore: Date) =>
	db
		.selectFrom('test_attempts')
		.selectAll()
		.where('student_id', '=', studentId)
		.where('status', '=', 'in_progress')
		.where('deadline', '<', deadlineBefore)
		.execute()

export const findHistoryByAttempt = (db: Db, attemptId: string) =>
	db.selectFrom('test_history').selectAll().where('attempt_id', '=', attemptId).executeTakeFirst()

export const findHistoryEntry = (db: Db, id: string) =>
	db.selectFrom('test_history').selectAll().where('id', '=', id).executeTakeFirst()

export async function listHistory(db: Db, studentId: string, page: Page) {
	return rowsAndTotal(
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
	)
}
