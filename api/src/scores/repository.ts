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

/**
 * How many scores match `filters`: from the summaries (migration 022) when the filters are a term
 * or a subject at most, else by counting one student's or a page of students' rows.
 */
export async function countScores(db: Db, organizationId: string, filters: ScoreFilters) {
	if (filters.studentId === undefined && filters.studentIds === undefined) {
		const { total } = await db
			.selectFrom('score_summaries')
			.select(sql<number>`coalesce(sum(scores), 0)::int`.as('total'))
			.where('organization_id', '=', organizationId)
			.$if(filters.term !== undefined, (query) => query.where('term', '=', filters.term!))
			.$if(filters.subject !== undefined, (query) => query.where('subject', '=', filters.subject!))
			.executeTakeFirstOrThrow()
		return Number(total)
	}
	const { total } = await scoresOf(db, organizationId, filters)
		.select(sql<number>`count(*)::int`.as('total'))
		.executeTakeFirstOrThrow()
	return Number(total)
}

/**
 * One page of the students with scores in `term`, by name (a page of result cards), and how many
 * such students there are (kept in score_term_students, so no count over the term's scores).
 */
export async function scoredStudents(db: Db, organizationId: string, term: string, page: Page) {
	const [rows, count] = await Promise.all([
		db
			.selectFrom('users')
			.select('users.id')
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
			.orderBy('users.last_name')
			.orderBy('users.first_name')
			.orderBy('users.id')
			.limit(page.limit)
			.offset(page.offset)
			.execute(),
		db
			.selectFrom('score_term_students')
			.select('students')
			.where('organization_id', '=', organizationId)
			.where('term', '=', term)
			.executeTakeFirst(),
	])
	return { ids: rows.map((row) => row.id), total: count?.students ?? 0 }
}

const BANDS = [
	['0-60', 'band_0_60'],
	['60-70', 'band_60_70'],
	['70-80', 'band_70_80'],
	['80-90', 'band_80_90'],
	['90-100', 'band_90_100'],
] as const

/**
 * Per term: the sum and number of the scores of current students (the analytics' averages), from
 * the summaries: a few rows per term and subject, whatever the number of scores.
 */
export async function termTotals(db: Db, organizationId: string) {
	const rows = await db
		.selectFrom('score_summaries')
		.select([
			'term',
			sql<string>`sum(score_sum)`.as('sum'),
			sql<number>`sum(scores)::int`.as('count'),
		])
		.where('organization_id', '=', organizationId)
		.groupBy('term')
		.having(sql<boolean>`sum(scores) > 0`)
		.execute()
	return new Map(rows.map((row) => [row.term, { sum: Number(row.sum), count: Number(row.count) }]))
}

/**
 * How many scores of current students fall in each band (as `bucketOf` in grades.ts draws them:
 * the FILTERs of migration 022 must change with it), in `term` or in all terms.
 */
export async function bandCounts(db: Db, organizationId: string, term?: string) {
	const row = await db
		.selectFrom('score_summaries')
		.select(
			BANDS.map(([, column]) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)::int`.as(column)),
		)
		.where('organization_id', '=', organizationId)
		.$if(term !== undefined, (query) => query.where('term', '=', term!))
		.executeTakeFirstOrThrow()
	return new Map(
		BANDS.flatMap(([bucket, column]) =>
			Number(row[column]) > 0 ? [[bucket, Number(row[column])]] : [],
		),
	)
}

export type ScoreRow = Awaited<ReturnType<typeof listScores>>[number]

/** Students of an export read at once: a few thousand scores in memory, whatever the school. */
export const EXPORT_BATCH = 1000

/**
 * The organization's students by name (`scoredIn`: only those with a score in that term, as the
 * result cards), `batch` at a time by keyset on the name index, each batch with its
 * students' scores in `term`: two statements a batch, never the whole term in memory (issue 28).
 */
export async function* studentsWithScores(
	db: Db,
	organizationId: string,
	{
		term,
		scoredIn,
		batch = EXPORT_BATCH,
	}: { term: string | null; scoredIn?: string; batch?: number },
) {
	let after: { last_name: string; first_name: string; id: string } | undefined
	for (;;) {
		const students = await db
			.selectFrom('users')
			.select(['id', 'first_name', 'last_name', 'email'])
			.where('organization_id', '=', organizationId)
			.where('role', '=', 'student')
			.$if(after !== undefined, (query) =>
				query.where((eb) =>
					eb(
						eb.refTuple('last_name', 'first_name', 'id'),
						'>',
						eb.tuple(after!.last_name, after!.first_name, after!.id),
					),
				),
			)
			.$if(scoredIn !== undefined, (query) =>
				query.where(({ exists, selectFrom }) =>
					exists(
						selectFrom('scores')
							.select('scores.id')
							.whereRef('scores.student_id', '=', 'users.id')
							.where('scores.organization_id', '=', organizationId)
							.where('scores.term', '=', scoredIn!),
					),
				),
			)
			.orderBy('last_name')
			.orderBy('first_name')
			.orderBy('id')
			.limit(batch)
			.execute()
		if (students.length === 0) return
		const scores = term
			? await listScores(db, organizationId, { term, studentIds: students.map((row) => row.id) })
			: []
		yield { students, scores }
		if (students.length < batch) return
		after = students.at(-1)
	}
}

/** The subjects of a term's scores (of current students), as the grid's columns. */
export async function subjectsOfTerm(db: Db, organizationId: string, term: string | null) {
	if (!term) return []
	const rows = await db
		.selectFrom('score_summaries')
		.select('subject')
		.where('organization_id', '=', organizationId)
		.where('term', '=', term)
		.where('scores', '>', 0)
		.execute()
	return rows.map((row) => row.subject).sort()
}

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

/**
 * Writes every change in one transaction, set-based: one upsert for every score set and one delete
 * for every score removed, whatever the number of cells (issue 41: a grid saved cell by cell was
 * about 150 statements, each firing the summaries' triggers). The batch holds each student and
 * subject once (the schema refuses twice), so the two statements never touch the same row. Rows
 * go in student then subject order, so two grids saved at once lock their common rows in one order.
 */
export function saveScores(db: Db, organizationId: string, term: string, changes: ScoreChange[]) {
	const inOrder = [...changes].sort(
		(a, b) =>
			a.studentId.localeCompare(b.studentId) ||
			(a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0),
	)
	const set = inOrder.flatMap((change) =>
		change.score === null ? [] : [{ ...change, score: change.score }],
	)
	const cleared = inOrder.filter((change) => change.score === null)
	return db.transaction().execute(async (trx) => {
		if (set.length > 0) {
			const updatedAt = new Date()
			await trx
				.insertInto('scores')
				.values(
					set.map((change) => ({
						organization_id: organizationId,
						student_id: change.studentId,
						subject: change.subject,
						term,
						score: change.score,
					})),
				)
				.onConflict((oc) =>
					oc.constraint('scores_student_subject_term_key').doUpdateSet((eb) => ({
						score: eb.ref('excluded.score'),
						organization_id: eb.ref('excluded.organization_id'),
						updated_at: updatedAt,
					})),
				)
				.execute()
		}
		let removed = 0
		if (cleared.length > 0) {
			const result = await trx
				.deleteFrom('scores')
				.where('organization_id', '=', organizationId)
				.where('term', '=', term)
				.where((eb) =>
					eb(
						eb.refTuple('student_id', 'subject'),
						'in',
						cleared.map((change) => eb.tuple(change.studentId, change.subject)),
					),
				)
				.executeTakeFirst()
			removed = Number(result.numDeletedRows)
		}
		return { saved: set.length, removed }
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
