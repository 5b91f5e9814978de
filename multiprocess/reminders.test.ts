// Reminders with several API processes (issue 31, decision 038): two APIs on one PostgreSQL sweep
// at the same moment, many times over, and each reminder is given once, in one mail. The clock is
// the test hook's `at` (API_TEST_HOOKS=1 on both), not a wait.
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Cluster, missingServices, startCluster } from './cluster'

const buildDir = process.env.BUILD_DIR ?? 'build'
const missing = missingServices(buildDir)
if (missing) console.warn(`\nSKIPPED the multi-process reminders test: it ${missing}.\n`)

const PASSWORD = 'DemoPass123!'
const HOUR = 60 * 60 * 1000

let cluster: Cluster

beforeAll(async () => {
	if (!missing) cluster = await startCluster({ buildDir, apiEnv: { API_TEST_HOOKS: '1' } })
}, 240_000)

afterAll(async () => {
	await cluster?.stop()
}, 60_000)

async function post(
	api: string,
	path: string,
	init: { json?: unknown; body?: BodyInit; token?: string },
) {
	const response = await fetch(`${api}${path}`, {
		method: 'POST',
		headers: {
			...(init.json !== undefined && { 'content-type': 'application/json' }),
			...(init.token && { authorization: `Bearer ${init.token}` }),
		},
		body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
	})
	return { status: response.status, body: await response.json() }
}

test.skipIf(Boolean(missing))(
	'two APIs sweeping at once give each reminder once',
	async () => {
		const [apiA, apiB] = cluster.apis
		const emails = Array.from(
			{ length: 6 },
			(_, index) => `sweep-${Date.now()}-${index}@example.com`,
		)
		for (const email of emails) {
			const made = await post(apiA, '/auth/register-student', {
				json: { firstName: 'Many', lastName: 'Sweeps', email, password: PASSWORD },
			})
			expect(made.status).toBe(201)
		}
		const course = await post(apiA, '/__test/enrolled-course', {
			json: { tutorEmail: 'teacher@example.com', title: 'Concurrency', studentEmails: emails },
		})
		expect(course.status).toBe(201)
		const teacher = await post(apiB, '/auth/login', {
			json: { email: 'teacher@example.com', password: PASSWORD },
		})
		const session = await post(apiB, '/schedule/create', {
			token: teacher.body.user.accessToken,
			body: new URLSearchParams({
				courseId: course.body.courseId,
				title: 'Race',
				scheduledDate: new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 10),
				startTime: '09:00',
				duration: '30',
				timeZone: 'UTC',
			}),
		})
		expect(session.status).toBe(201)
		const db = new pg.Client({ connectionString: cluster.databaseUrl })
		await db.connect()
		try {
			const { rows } = await db.query<{ starts_at: Date }>(
				'SELECT starts_at FROM schedules WHERE id = $1',
				[session.body.id],
			)
			const at = new Date(rows[0]!.starts_at.getTime() - 20 * HOUR).toISOString()
			const remindersGiven = async () =>
				Number((await db.query<{ count: string }>('SELECT count(*) FROM reminders')).rows[0]!.count)
			// The processes' own sweeps at the real time have run once at start.
			const before = await remindersGiven()
			// Ten sweeps, five on each process, all at once.
			const sweeps = await Promise.all(
				Array.from({ length: 10 }, (_, index) =>
					post(index % 2 ? apiB : apiA, '/__test/reminders/sweep', { json: { at } }),
				),
			)
			expect(sweeps.map((sweep) => sweep.status)).toEqual(Array(10).fill(200))
			// Every reminder due then (the demo's too) given by one sweep only: as many as new rows.
			const given = sweeps.reduce((sum, sweep) => sum + (sweep.body.given as number), 0)
			expect(given).toBe((await remindersGiven()) - before)
			expect(given).toBeGreaterThanOrEqual(emails.length)
			const mails = await db.query<{ to_address: string; count: string }>(
				`SELECT to_address, count(*) FROM mail_outbox
				WHERE kind = 'sessionReminders' AND to_address = ANY($1) GROUP BY to_address`,
				[emails],
			)
			expect(mails.rows.map((row) => [row.to_address, Number(row.count)]).sort()).toEqual(
				emails.map((email) => [email, 1]).sort(),
			)
		} finally {
			await db.end()
		}
	},
	120_000,
)
