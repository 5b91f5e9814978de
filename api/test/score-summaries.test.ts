import { sql } from 'kysely'
import { beforeAll, describe, expect, test } from 'vitest'
import { databasePool } from '../src/db.ts'
import { averageOf, bucketOf } from '../src/scores/grades.ts'
import { apiForFile, call } from './helpers.ts'
import { newMember, newOrganization } from './org-helpers.ts'

// Analytics and result cards read summaries the database keeps as scores and memberships change
// (migration 022, decision 036). After every kind of write, the summaries must say what the rows
// say: here they are compared with a GROUP BY over the rows, and the API's answers with numbers
// computed from the scores it lists.

const api = apiForFile()

type Org = { id: string; token: string }
const SUBJECTS = ['Art', 'Maths', 'Science']
const BANDS = ['0-60', '60-70', '70-80', '80-90', '90-100']

const save = (org: Org, term: string, scores: unknown[]) =>
	call(api, 'PUT', `/organizations/${org.id}/scores`, { token: org.token, json: { term, scores } })
const get = (org: Org, path: string) =>
	call(api, 'GET', `/organizations/${org.id}${path}`, { token: org.token })

/** The summaries as kept, and as a GROUP BY over the current students' rows gives them. */
async function summariesAndRows(organizationId: string) {
	const kept = await sql<Record<string, unknown>>`
		SELECT s.term, s.subject, s.scores, s.score_sum::float8 AS sum, s.band_0_60, s.band_60_70,
			s.band_70_80, s.band_80_90, s.band_90_100
		FROM score_summaries s WHERE s.organization_id = ${organizationId} AND s.scores > 0
		ORDER BY s.term, s.subject`.execute(api.db)
	const counted = await sql<Record<string, unknown>>`
		SELECT term, subject, count(*)::int AS scores, sum(score)::float8 AS sum,
			count(*) FILTER (WHERE score < 60)::int AS band_0_60,
			count(*) FILTER (WHERE score >= 60 AND score < 70)::int AS band_60_70,
			count(*) FILTER (WHERE score >= 70 AND score < 80)::int AS band_70_80,
			count(*) FILTER (WHERE score >= 80 AND score < 90)::int AS band_80_90,
			count(*) FILTER (WHERE score >= 90)::int AS band_90_100
		FROM scores JOIN users ON users.id = scores.student_id
			AND users.organization_id = scores.organization_id
		WHERE scores.organization_id = ${organizationId}
		GROUP BY term, subject ORDER BY term, subject`.execute(api.db)
	const keptStudents = await sql<Record<string, unknown>>`
		SELECT term, students FROM score_term_students
		WHERE organization_id = ${organizationId} AND students > 0 ORDER BY term`.execute(api.db)
	const countedStudents = await sql<Record<string, unknown>>`
		SELECT term, count(DISTINCT student_id)::int AS students
		FROM scores JOIN users ON users.id = scores.student_id
			AND users.organization_id = scores.organization_id
		WHERE scores.organization_id = ${organizationId}
		GROUP BY term ORDER BY term`.execute(api.db)
	return {
		kept: { subjects: kept.rows, students: keptStudents.rows },
		counted: { subjects: counted.rows, students: countedStudents.rows },
	}
}

/** The summaries equal the rows, and analytics and result cards' totals equal the listed scores. */
async function expectSummariesRight(org: Org) {
	const { kept, counted } = await summariesAndRows(org.id)
	expect(kept).toEqual(counted)

	const listed = (await get(org, '/scores')).body as {
		scores: { studentId: string; term: string; score: number }[]
		terms: string[]
	}
	const analytics = (await get(org, '/analytics')).body
	expect(analytics.performance).toEqual(
		listed.terms.map((term) => {
			const values = listed.scores.filter((s) => s.term === term).map((s) => s.score)
			return { term, average: averageOf(values), scores: values.length }
		}),
	)
	expect(analytics.distribution).toEqual(
		BANDS.map((bucket) => ({
			bucket,
			count: listed.scores.filter((s) => bucketOf(s.score) === bucket).length,
		})),
	)
	for (const term of listed.terms) {
		const cards = await get(org, `/result-cards?term=${encodeURIComponent(term)}&page=1&limit=5`)
		const students = new Set(listed.scores.filter((s) => s.term === term).map((s) => s.studentId))
		expect(cards.body.pagination.total).toBe(students.size)
	}
}

describe('score summaries follow every write (issue 28)', () => {
	let org: Org
	const students: string[] = []
	beforeAll(async () => {
		org = await newOrganization(api)
		for (let n = 0; n < 8; n++) {
			students.push((await newMember(api, org.token, 'student', { lastName: `S${n}` })).id)
		}
	}, 60_000)

	test('score input: inserts, corrections across band boundaries, and removals', async () => {
		const first = students.flatMap((studentId, s) =>
			SUBJECTS.map((subject, j) => ({ studentId, subject, score: (s * 13 + j * 29) % 101 })),
		)
		expect((await save(org, 'Term 1', first)).status).toBe(200)
		expect((await save(org, 'Term 2', first.slice(0, 10))).status).toBe(200)
		await expectSummariesRight(org)

		// Corrections move scores between bands (59.99 → 60 → 90); removals take a student's last
		// score of a term away (students[0] leaves Term 2's result cards).
		const changes = [
			{ studentId: students[1], subject: 'Art', score: 59.99 },
			{ studentId: students[2], subject: 'Art', score: 60 },
			{ studentId: students[3], subject: 'Maths', score: 90 },
			{ studentId: students[0], subject: 'Art', score: null },
			{ studentId: students[0], subject: 'Maths', score: null },
			{ studentId: students[0], subject: 'Science', score: null },
		]
		expect((await save(org, 'Term 2', changes)).status).toBe(200)
		await expectSummariesRight(org)
		const cards = await get(org, '/result-cards?term=Term%202&page=1&limit=50')
		expect(cards.body.pagination.total).toBe(3)
	})

	test('statements of many rows: an import-like INSERT, an UPDATE of a whole term, a DELETE by subject', async () => {
		await sql`INSERT INTO scores (organization_id, student_id, subject, term, score)
			SELECT ${org.id}::uuid, id, subject, 'Term 3', 50 + (row_number() OVER ()) % 50
			FROM users CROSS JOIN unnest(${SUBJECTS}::text[]) AS subject
			WHERE organization_id = ${org.id}`.execute(api.db)
		await expectSummariesRight(org)
		await sql`UPDATE scores SET score = 100 - score
			WHERE organization_id = ${org.id} AND term = 'Term 3'`.execute(api.db)
		await expectSummariesRight(org)
		// A score moved to another term (its student's first there), then a subject deleted.
		await sql`UPDATE scores SET term = 'Term 2'
			WHERE organization_id = ${org.id} AND term = 'Term 3' AND student_id = ${students[0]}
				AND subject = 'Art'`.execute(api.db)
		await sql`DELETE FROM scores WHERE organization_id = ${org.id} AND term = 'Term 3'
			AND subject = 'Maths'`.execute(api.db)
		await expectSummariesRight(org)
	})

	test('a student leaving, rejoining and being deleted takes their scores out and back', async () => {
		const leaver = students[4]!
		const removed = await call(api, 'DELETE', `/organizations/${org.id}/students/${leaver}`, {
			token: org.token,
		})
		expect(removed.status).toBe(200)
		await expectSummariesRight(org)
		// Their scores stay in the table, uncounted, and a write to them changes nothing counted.
		await sql`UPDATE scores SET score = 1 WHERE student_id = ${leaver}`.execute(api.db)
		await expectSummariesRight(org)
		await sql`UPDATE users SET organization_id = ${org.id} WHERE id = ${leaver}`.execute(api.db)
		await expectSummariesRight(org)
		await sql`DELETE FROM users WHERE id = ${students[5]}`.execute(api.db)
		await expectSummariesRight(org)
	})

	test('two writers of one term at once: each student is counted once', async () => {
		const fresh = await newOrganization(api)
		const a = (await newMember(api, fresh.token, 'student')).id
		const b = (await newMember(api, fresh.token, 'student')).id
		const c = (await newMember(api, fresh.token, 'student')).id
		// The term's summary exists already, so the writers meet at its lock, not at its creation.
		expect(
			(await save(fresh, 'Term 1', [{ studentId: c, subject: 'Art', score: 40 }])).status,
		).toBe(200)
		// Two transactions each give the same two students their first Term 1 score. On
		// PostgreSQL the second waits for the first's lock on the term; on PGlite they take turns.
		const termOneScores = (subject: string, score: number) =>
			[a, b].map((id) => ({
				organization_id: fresh.id,
				student_id: id,
				subject,
				term: 'Term 1',
				score,
			}))
		let release!: () => void
		const released = new Promise<void>((resolve) => (release = resolve))
		let inserted!: () => void
		const firstInserted = new Promise<void>((resolve) => (inserted = resolve))
		const first = api.db.transaction().execute(async (trx) => {
			await trx.insertInto('scores').values(termOneScores('Art', 70)).execute()
			inserted()
			await released
		})
		await firstInserted
		const second = api.db.transaction().execute(async (trx) => {
			await trx.insertInto('scores').values(termOneScores('Maths', 80)).execute()
		})
		const pool = databasePool(api.db)
		if (pool) {
			// Let the first commit only once the second is waiting for its lock.
			let waiting = 0
			for (let tries = 0; waiting === 0 && tries < 500; tries++) {
				await new Promise((resolve) => setTimeout(resolve, 10))
				const { rows } = await pool.query(
					`SELECT count(*)::int AS n FROM pg_locks JOIN pg_stat_activity USING (pid)
					WHERE NOT granted AND datname = current_database()`,
				)
				waiting = rows[0].n
			}
			expect(waiting).toBeGreaterThan(0)
		}
		release()
		await Promise.all([first, second])
		// And two score inputs at once over HTTP, removing and adding in the same term.
		const [one, two] = await Promise.all([
			save(fresh, 'Term 1', [{ studentId: a, subject: 'Science', score: 95 }]),
			save(fresh, 'Term 1', [
				{ studentId: b, subject: 'Art', score: null },
				{ studentId: b, subject: 'Science', score: 55 },
			]),
		])
		expect([one.status, two.status]).toEqual([200, 200])
		await expectSummariesRight(fresh)
		const cards = await get(fresh, '/result-cards?term=Term%201&page=1&limit=5')
		expect(cards.body.pagination.total).toBe(3)
	})
})
