import { sql } from 'kysely'
import type { Db } from '../db.ts'
import type { Page } from '../platform/pagination.ts'

export type ScoreFilters = {
	term?: string
	subject?: string
	studentId?: string
	/** The scores of these students only (a page of the score grid). */
	studentIds?: string[]
}

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

/** Scores of the organization's current students that match `filters`. */
function scoresOf(db: Db, organizationId: string, filters: ScoreFilters) {
	let query = db
		.selectFrom('scores')
		.innerJoin('users', 'users.id', 'scores.student_id')
		.where('scores.organization_id', '=', organizationId)
		.where('users.organization_id', '=', organizationId)
	if (filters.term) query = query.where('scores.term', '=', filters.term)
	if (filters.subject) query = query.where('scores.subject', '=', filters.subject)
	if (filters.studentId) query = query.where('scores.student_id', '=', filters.studentId)
	if (filters.studentIds) {
		if (filters.studentIds.length === 0) return query.where(sql<boolean>`false`)
		query = query.where('scores.student_id', 'in', filters.studentIds)
	}
	return query
}

/** Scores of the organization's current students, by student name then subject; one page when given. */
export function listScores(db: Db, organizationId: string, filters: ScoreFilters, page?: Page) {
	return scoresOf(db, organizationId, filters)
		.select(SCORE_COLUMNS)
		.orderBy('users.last_name')
		.orderBy('users.first_name')
		.orderBy('users.id')
		.orderBy('scores.subject')
		.$if(page !== undefined, (query) => query.limit(page!.limit).offset(page!.offset))
		.execute()
}

export async function countScores(db: Db, organizationId: string, filters: ScoreFilters) {
	const { total } = await scoresOf(db, organizationId, filters)
		.select(sql<number>`count(*)::int`.as('total'))
		.executeTakeFirstOrThrow()
	return Number(total)
}

/**
 * One page of the students with scores in `term`, by name (a page of result cards), and how many
 * such students there are.
 */
export async function scoredStudents(db: Db, organizationId: string, term: string, page: Page) {
	const scored = db
		.selectFrom('users')
		.where('users.organization_id', '=', organizationId)
		.where(({ exists, selectFrom }) =>
			exists(
				selectFrom('scores')
					.select('scores.id')
					.whereRef('scores.student_id', '=', 'users.id')
					.where('scores.organization_id', '=', organizationId)
					.where('scores.term', '=', term),
			),
		)
	const [rows, count] = await Promise.all([
		scored
			.select('users.id')
			.orderBy('users.last_name')
			.orderBy('users.first_name')
			.orderBy('users.id')
			.limit(page.limit)
			.offset(page.offset)
			.execute(),
		scored.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
	])
	return { ids: rows.map((row) => row.id), total: Number(count.total) }
}

/** Band of a score in SQL, as `bucketOf` (grades.ts) draws it: a boundary belongs to the upper band. */
const band = sql<string>`CASE WHEN scores.score >= 90 THEN '90-100' WHEN scores.score >= 80 THEN '80-90'
	WHEN scores.score >= 70 THEN '70-80' WHEN scores.score >= 60 THEN '60-70' ELSE '0-60' END`

/** Per term: the sum and number of the scores of current students (the analytics' averages). */
export async function termTotals(db: Db, organizationId: string) {
	const rows = await scoresOf(db, organizationId, {})
		.select([
			'scores.term',
			sql<string>`sum(scores.score)`.as('sum'),
			sql<number>`count(*)::int`.as('count'),
		])
		.groupBy('scores.term')
		.execute()
	return new Map(rows.map((row) => [row.term, { sum: Number(row.sum), count: Number(row.count) }]))
}

/** How many scores of current students fall in each band, in `term` or in all terms. */
export async function bandCounts(db: Db, organizationId: string, term?: string) {
	const rows = await scoresOf(db, organizationId, { term })
		.select([band.as('bucket'), sql<number>`count(*)::int`.as('count')])
		.groupBy(band)
		.execute()
	return new Map(rows.map((row) => [row.bucket, Number(row.count)]))
}

export type ScoreRow = Awaited<ReturnType<typeof listScores>>[number]

/**
 * Every (term, subject) pair the organization has used, by term then subject, each with the rank
 * of its subject alphabetically: a loose index scan (one probe of the term-subject index per
 * pair), so it costs the same at 90,000 scores as at 90 (issue 28).
 */
async function usedPairs(db: Db, organizationId: string) {
	const { rows } = await sql<{ term: string; subject: string; subject_rank: number }>`
		WITH RECURSIVE pairs AS (
			(SELECT term, subject FROM scores WHERE organization_id = ${organizationId}
				ORDER BY term, subject LIMIT 1)
			UNION ALL
			SELECT next.term, next.subject FROM pairs, LATERAL (
				SELECT term, subject FROM scores
				WHERE organization_id = ${organizationId} AND (term, subject) > (pairs.term, pairs.subject)
				ORDER BY term, subject LIMIT 1) next
		)
		SELECT term, subject, dense_rank() OVER (ORDER BY subject)::int AS subject_rank
		FROM pairs ORDER BY term, subject`.execute(db)
	return rows
}

/** Terms in the order they were first used, so 'Term 2' follows 'Term 1' whatever their names. */
export async function listTerms(db: Db, organizationId: string) {
	const terms = [...new Set((await usedPairs(db, organizationId)).map((pair) => pair.term))]
	if (terms.length === 0) return []
	// One probe of the term-created index per term.
	const { rows } = await sql<{ term: string }>`
		SELECT term FROM unnest(${terms}::text[]) AS used (term)
		ORDER BY (SELECT min(created_at) FROM scores
			WHERE organization_id = ${organizationId} AND scores.term = used.term), term`.execute(db)
	return rows.map((row) => row.term)
}

/** Every subject used, alphabetical, and the subjects used in each term (a term's columns). */
export async function usedSubjects(db: Db, organizationId: string) {
	const pairs = await usedPairs(db, organizationId)
	const termSubjects: Record<string, string[]> = {}
	const ranked = new Map<string, number>()
	for (const pair of pairs) {
		;(termSubjects[pair.term] ??= []).push(pair.subject)
		ranked.set(pair.subject, pair.subject_rank)
	}
	const subjects = [...ranked].sort((a, b) => a[1] - b[1]).map(([subject]) => subject)
	return { subjects, termSubjects }
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
