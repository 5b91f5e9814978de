import type { Selectable } from 'kysely'
import type { Db } from '../db.ts'
import { rowsAndTotal, type Page } from '../platform/pagination.ts'
import type {
	AttemptStatus,
	StoredQuestion,
	TestAttemptsTable,
	TestHistoryTable,
} from '../schema.ts'
import { GRACE_SECONDS, type Answers } from './schemas.ts'

export type AttemptRow = Selectable<TestAttemptsTable>

export const findAttempt = (db: Db, id: string) =>
	db.selectFrom('test_attempts').selectAll().where('id', '=', id).executeTakeFirst()

/**
 * An attempt and, once closed, its history entry, in one statement (the session's page reads
 * both: two round trips before, decision 076). No entry while it is open.
 */
export async function findAttemptWithEntry(db: Db, id: string) {
	const row = await db
		.selectFrom('test_attempts as a')
		.leftJoin('test_history as h', 'h.attempt_id', 'a.id')
		.selectAll('a')
		.select([
			'h.id as entry_id',
			'h.student_id as entry_student_id',
			'h.template_id as entry_template_id',
			'h.template_title as entry_template_title',
			'h.score as entry_score',
			'h.total_questions as entry_total_questions',
			'h.status as entry_status',
			'h.started_at as entry_started_at',
			'h.completed_at as entry_completed_at',
		])
		.where('a.id', '=', id)
		.executeTakeFirst()
	if (!row) return undefined
	const {
		entry_id: entryId,
		entry_student_id: studentId,
		entry_template_id: templateId,
		entry_template_title: templateTitle,
		entry_score: score,
		entry_total_questions: totalQuestions,
		entry_status: status,
		entry_started_at: startedAt,
		entry_completed_at: completedAt,
		...attempt
	} = row
	const entry: Selectable<TestHistoryTable> | undefined =
		entryId === null
			? undefined
			: {
					id: entryId,
					attempt_id: attempt.id,
					student_id: studentId as string,
					template_id: templateId,
					template_title: templateTitle as string,
					score: score as number,
					total_questions: totalQuestions as number,
					status: status as TestHistoryTable['status'],
					started_at: startedAt as Date,
					completed_at: completedAt as Date,
				}
	return { attempt: attempt as AttemptRow, entry }
}

/**
 * A test template as a start needs it (a creator's, as the template calls read it), with the id
 * of the student's open attempt at it, if any, in the same statement (decision 076).
 */
export const findTemplateToStart = (db: Db, templateId: string, studentId: string) =>
	db
		.selectFrom('qa_templates as t')
		.innerJoin('users as creator', 'creator.id', 't.created_by')
		.select(['t.id', 't.title', 't.questions', 't.time_limit', 't.is_active'])
		.select((eb) =>
			eb
				.selectFrom('test_attempts as a')
				.select('a.id')
				.whereRef('a.template_id', '=', 't.id')
				.where('a.student_id', '=', studentId)
				.where('a.status', '=', 'in_progress')
				.limit(1)
				.as('open_attempt_id'),
		)
		.where('t.id', '=', templateId)
		.executeTakeFirst()

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

/** The earliest deadline of an attempt still open at `now` (its grace included). */
const openSince = (now: Date) => new Date(now.getTime() - GRACE_SECONDS * 1000)

/** Saves an attempt's answers while it is open at `now`: undefined when it is not (or gone). */
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
		.where('deadline', '>=', openSince(now))
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
 * Closes an open attempt and writes its history entry, in one statement (a statement is atomic,
 * so no transaction: before, its begin, update, insert and commit were four round trips, and the
 * caller read the entry back in a fifth; decision 074). Answers the closed row and its entry, or
 * undefined when another request closed it first (then nothing is written).
 */
export async function closeAttemptRow(db: Db, id: string, close: ClosedAttempt) {
	const row = await db
		.with('closed', (qb) =>
			qb
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
				// A submission only while its time (and grace) lasts; an expiry once it is over.
				.$if(close.status === 'submitted', (qb) => qb.where('deadline', '>=', openSince(close.at)))
				.returningAll(),
		)
		.with('entry', (qb) =>
			qb
				.insertInto('test_history')
				.columns([
					'attempt_id',
					'student_id',
					'template_id',
					'template_title',
					'score',
					'total_questions',
					'status',
					'started_at',
					'completed_at',
				])
				.expression((eb) =>
					eb
						.selectFrom('closed')
						.select((inner) => [
							'closed.id',
							'closed.student_id',
							'closed.template_id',
							'closed.template_title',
							inner.val(close.score).as('score'),
							inner.val(close.total).as('total_questions'),
							inner.val(close.status).as('status'),
							'closed.started_at',
							inner.val(close.at).as('completed_at'),
						]),
				)
				.returning('id'),
		)
		.selectFrom(['closed', 'entry'])
		.selectAll('closed')
		.select('entry.id as history_id')
		.executeTakeFirst()
	if (!row) return undefined
	const { history_id: historyId, ...attempt } = row
	const history: Selectable<TestHistoryTable> = {
		id: historyId,
		attempt_id: attempt.id,
		student_id: attempt.student_id,
		template_id: attempt.template_id,
		template_title: attempt.template_title,
		score: close.score,
		total_questions: close.total,
		status: close.status,
		started_at: attempt.started_at,
		completed_at: close.at,
	}
	return { attempt: attempt as AttemptRow, history }
}

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
		page,
		db
			.selectFrom('test_history')
			.selectAll()
			.where('student_id', '=', studentId)
			.orderBy('completed_at', 'desc')
			.orderBy('id')
			.limit(page.limit)
			.offset(page.offset)
			.execute(),
		() =>
			db
				.selectFrom('test_history')
				.select((eb) => eb.fn.countAll().as('total'))
				.where('student_id', '=', studentId)
				.executeTakeFirstOrThrow(),
	)
}
