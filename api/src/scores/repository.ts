import { sql } from 'kysely'
import type { Db } from '../db.ts'

export type ScoreFilters = { term?: string; subject?: string; studentId?: string }

const SCORE_COLUMNS = [
	'scores.id',
	'scores.student_id',
	'scores.subject',
	'scores.term',
	'scores.score',
	'scores.updated_at',
	'users.first_name',
	'users.last_name',
	'users.email',
] as const

/** Scores of the organization's current students, by student name then subject. */
export function listScores(db: Db, organizationId: string, filters: ScoreFilters) {
	let query = db
		.selectFrom('scores')
		.innerJoin('users', 'users.id', 'scores.student_id')
		.where('scores.organization_id', '=', organizationId)
		.where('users.organization_id', '=', organizationId)
	if (filters.term) query = query.where('scores.term', '=', filters.term)
	if (filters.subject) query = query.where('scores.subject', '=', filters.subject)
	if (filters.studentId) query = query.where('scores.student_id', '=', filters.studentId)
	return query
		.select(SCORE_COLUMNS)
		.orderBy('users.last_name')
		.orderBy('users.first_name')
		.orderBy('users.id')
		.orderBy('scores.subject')
		.execute()
}

export type ScoreRow = Awaited<ReturnType<typeof listScores>>[number]

/** Terms in the order they were first used, so 'Term 2' follows 'Term 1' whatever their names. */
export async function listTerms(db: Db, organizationId: string) {
	const rows = await db
		.selectFrom('scores')
		.select(['term', (eb) => eb.fn.min('created_at').as('first_used')])
		.where('organization_id', '=', organizationId)
		.groupBy('term')
		.orderBy('first_used')
		.orderBy('term')
		.execute()
	return rows.map((row) => row.term)
}

export async function listSubjects(db: Db, organizationId: string) {
	const rows = await db
		.selectFrom('scores')
		.select('subject')
		.distinct()
		.where('organization_id', '=', organizationId)
		.orderBy('subject')
		.execute()
	return rows.map((row) => row.subject)
}

/** Ids among `studentIds` that are students of the organization. */
export async function organizationStudentIds(db: Db, organizationId: string, studentIds: string[]) {
	if (studentIds.length === 0) return new Set<string>()
	const rows = await db
		.selectFrom('users')
		.select('id')
		.where('role', '=', 'student')
		.where('organization_id', '=', organizationId)
		.where('id', 'in', studentIds)
		.execute()
	return new Set(rows.map((row) => row.id))
}

export type ScoreChange = { studentId: string; subject: string; score: number | null }

/** Writes every change in one transaction: a number sets the score, null removes it. */
export function saveScores(db: Db, organizationId: string, term: string, changes: ScoreChange[]) {
	return db.transaction().execute(async (trx) => {
		let saved = 0
		let removed = 0
		for (const change of changes) {
			if (change.score === null) {
				const result = await trx
					.deleteFrom('scores')
					.where('organization_id', '=', organizationId)
					.where('student_id', '=', change.studentId)
					.where('subject', '=', change.subject)
					.where('term', '=', term)
					.executeTakeFirst()
				removed += Number(result.numDeletedRows)
			} else {
				await trx
					.insertInto('scores')
					.values({
						organization_id: organizationId,
						student_id: change.studentId,
						subject: change.subject,
						term,
						score: change.score,
					})
					.onConflict((oc) =>
						oc.constraint('scores_student_subject_term_key').doUpdateSet({
							score: change.score as number,
							organization_id: organizationId,
							updated_at: new Date(),
						}),
					)
					.execute()
				saved += 1
			}
		}
		return { saved, removed }
	})
}

/** Students and teachers who joined the organization, per calendar month (UTC). */
export async function joinedPerMonth(db: Db, organizationId: string) {
	const month = sql<string>`to_char(date_trunc('month', created_at AT TIME ZONE 'UTC'), 'YYYY-MM')`
	const rows = await db
		.selectFrom('users')
		.select([month.as('month'), 'role', (eb) => eb.fn.countAll().as('count')])
		.where('organization_id', '=', organizationId)
		.groupBy([month, 'role'])
		.orderBy(month)
		.execute()
	return rows.map((row) => ({ month: row.month, role: row.role, count: Number(row.count) }))
}
