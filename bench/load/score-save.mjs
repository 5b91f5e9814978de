// The score grid's save, alone, on the load school (issue 41's first profiling finding): times
// `BENCH_SAVES` saves of `BENCH_CELLS` cells each through the API, one after another, and counts
// the statements they made PostgreSQL run (the scores trigger's calls, from pg_stat_user_functions,
// and the transactions). Run before and after a change to the save:
// `BENCH_DATA_CACHE=<dir> node bench/load/score-save.mjs`.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { launch } from '../../scripts/launch.mjs'
import { startTempPostgres } from '../../scripts/temp-postgres.mjs'
import { runSql } from '../lib/school.mjs'
import { prepareLoadSchool } from './school.mjs'
import { percentile } from './stats.mjs'

const env = process.env
const SAVES = Number(env.BENCH_SAVES ?? 40)
const CELLS = Number(env.BENCH_CELLS ?? 20)
const ports = {
	app: Number(env.BENCH_LOAD_APP_PORT ?? 3484),
	api: Number(env.BENCH_LOAD_API_PORT ?? 4484),
}
const work = mkdtempSync(join(os.tmpdir(), 'bench-score-save-'))
chmodSync(work, 0o755)
const parts = { data: join(work, 'data'), postgres: join(work, 'postgres') }
let postgres = null
let product = null
try {
	postgres = await prepareLoadSchool({
		database: 'postgres',
		scale: 1,
		parts,
		ports,
		cacheRoot: env.BENCH_DATA_CACHE,
		log: (text) => console.log(`  ${text}`),
	})
	postgres ??= await startTempPostgres({ dataDir: parts.postgres })
	await runSql('postgres', postgres.url, `ALTER SYSTEM SET track_functions = 'pl'`)
	await runSql('postgres', postgres.url, `SELECT pg_reload_conf()`)
	product = await launch({
		appPort: ports.app,
		apiPort: ports.api,
		dataDir: parts.data,
		env: { DATABASE_URL: postgres.url },
		quiet: true,
	})
	const api = `http://127.0.0.1:${ports.api}/api/v1`
	const login = await fetch(`${api}/auth/organization-login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ email: 'organization@example.com', password: 'DemoPass123!' }),
	})
	const signedIn = await login.json()
	const token =
		signedIn.user?.accessToken ?? signedIn.accessToken ?? signedIn.user?.tokens?.accessToken
	if (!token) throw new Error(`no token in ${JSON.stringify(signedIn).slice(0, 400)}`)
	const { rows: org } = await runSql(
		'postgres',
		postgres.url,
		`SELECT id FROM organizations WHERE email = 'organization@example.com'`,
	)
	const { rows: pupils } = await runSql(
		'postgres',
		postgres.url,
		`SELECT id FROM users WHERE email LIKE 'scale-student-%' ORDER BY email LIMIT ${SAVES * CELLS}`,
	)
	const counters = async () =>
		(
			await runSql(
				'postgres',
				postgres.url,
				`SELECT (SELECT coalesce(sum(calls), 0)::int FROM pg_stat_user_functions WHERE funcname = 'scores_summarise') AS triggers,
				(SELECT xact_commit::int FROM pg_stat_database WHERE datname = current_database()) AS commits`,
			)
		).rows[0]
	await runSql('postgres', postgres.url, `SELECT pg_stat_reset()`)
	const before = await counters()
	const times = []
	for (let save = 0; save < SAVES; save++) {
		const scores = pupils.slice(save * CELLS, (save + 1) * CELLS).map(({ id }, index) => ({
			studentId: id,
			subject: 'Maths',
			// Every fifth cell emptied, the rest set: a grid's save has both.
			score: index % 5 === 4 ? null : 40 + ((save * 7 + index) % 60),
		}))
		const started = performance.now()
		const answer = await fetch(`${api}/organizations/${org[0].id}/scores`, {
			method: 'PUT',
			headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
			body: JSON.stringify({ term: 'Scale term 3', scores }),
		})
		if (!answer.ok) throw new Error(`${answer.status} ${await answer.text()}`)
		times.push(performance.now() - started)
	}
	await new Promise((resolve) => setTimeout(resolve, 2000))
	const after = await counters()
	const sorted = times.toSorted((a, b) => a - b)
	console.log(
		JSON.stringify({
			saves: SAVES,
			cells: CELLS,
			p50Ms: Math.round(percentile(sorted, 0.5)),
			p95Ms: Math.round(percentile(sorted, 0.95)),
			triggerCallsPerSave: (after.triggers - before.triggers) / SAVES,
			loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
		}),
	)
} finally {
	await product?.stop()
	await postgres?.stop()
	rmSync(work, { recursive: true, force: true })
}
