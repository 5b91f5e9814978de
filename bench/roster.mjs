// `BENCH_ROSTER=1 npm run bench` (or `node bench/roster.mjs`): issue 31's roster import of a whole
// school. Starts the API alone on PGlite and on a throw-away PostgreSQL, signs in as the demo
// organization and times, through HTTP: the upload of a 10,000-row file to its stored preview, the
// confirmed job from its start to `done` (polled as the page polls it), the same file again (a
// preview of 10,000 "already a member" rows, applied with no change) and the roster's export.
// Target: the whole import (upload, preview, job) under a minute on each database. Prints a table
// and writes bench/roster-results.json and docs/performance.md's latest results; exits 1 when a target is missed. A benchmark, not a test.
//
// Env: BENCH_DATABASES (pglite,postgres), BENCH_ROSTER_ROWS (10000).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { startTempPostgres } from '../scripts/temp-postgres.mjs'
import { waitUntilUp } from './lib/http.mjs'
import { updatePerformanceDoc } from './lib/performance-doc.mjs'

const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',')
const ROWS = Number(process.env.BENCH_ROSTER_ROWS ?? 10_000)
const PORT = 4480
const LIMIT_MS = 60_000
const DEPARTMENTS = ['Mathematics', 'Sciences', 'Languages']

function rosterFile() {
	const lines = ['role,first name,last name,email,department,student number']
	for (let n = 0; n < ROWS; n++) {
		const role = n % 50 === 0 ? 'teacher' : 'student'
		lines.push(
			`${role},Pupil,Number ${n},roster.bench.${n}@example.com,${DEPARTMENTS[n % 3]},S-${n}`,
		)
	}
	return `${lines.join('\r\n')}\r\n`
}

async function call(apiUrl, method, path, { token, json, body } = {}) {
	const response = await fetch(`${apiUrl}/api/v1${path}`, {
		method,
		headers: {
			...(token && { authorization: `Bearer ${token}` }),
			...(json && { 'content-type': 'application/json' }),
		},
		body: json ? JSON.stringify(json) : body,
	})
	const text = await response.text()
	if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`)
	return response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text
}

async function timed(work) {
	const started = performance.now()
	const value = await work()
	return { ms: Math.round(performance.now() - started), value }
}

async function importFile(apiUrl, token, organizationId, file) {
	const form = new FormData()
	form.set('file', new File([file], 'school.csv', { type: 'text/csv' }))
	const base = `/organizations/${organizationId}/roster/imports`
	const upload = await timed(() => call(apiUrl, 'POST', base, { token, body: form }))
	const id = upload.value.import.id
	const job = await timed(async () => {
		await call(apiUrl, 'POST', `${base}/${id}/confirm`, { token })
		for (;;) {
			const { import: state } = await call(apiUrl, 'GET', `${base}/${id}?limit=100`, { token })
			if (state.status === 'done' || state.status === 'failed') return state
			await new Promise((resolve) => setTimeout(resolve, 250))
		}
	})
	if (job.value.status !== 'done') throw new Error(`the import ended ${job.value.status}`)
	return {
		uploadMs: upload.ms,
		jobMs: job.ms,
		counts: upload.value.import.counts,
		result: job.value.result,
	}
}

async function measure(database) {
	const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-roster-'))
	const postgres = database === 'postgres' ? await startTempPostgres() : null
	const api = spawn(process.execPath, ['api/src/main.ts'], {
		stdio: ['ignore', 'ignore', 'inherit'],
		env: {
			...process.env,
			API_PORT: String(PORT),
			API_HOST: '127.0.0.1',
			DATA_DIR: dataDir,
			LOG_LEVEL: 'warn',
			...(postgres && { DATABASE_URL: postgres.url }),
		},
	})
	const apiUrl = `http://127.0.0.1:${PORT}`
	try {
		await waitUntilUp(`${apiUrl}/api/v1/health`)
		const { user } = await call(apiUrl, 'POST', '/auth/organization-login', {
			json: { email: 'organization@example.com', password: 'DemoPass123!' },
		})
		const file = rosterFile()
		const first = await importFile(apiUrl, user.accessToken, user.id, file)
		const again = await importFile(apiUrl, user.accessToken, user.id, file)
		const exported = await timed(() =>
			call(apiUrl, 'GET', `/organizations/${user.id}/roster/export`, { token: user.accessToken }),
		)
		return {
			database,
			rows: ROWS,
			'upload → preview ms': first.uploadMs,
			'confirm → done ms': first.jobMs,
			'total ms': first.uploadMs + first.jobMs,
			created: first.result.create,
			'again: preview ms': again.uploadMs,
			'again: job ms': again.jobMs,
			'again: created': again.result.create,
			'export ms': exported.ms,
			'export KB': Math.round(Buffer.byteLength(exported.value) / 1024),
		}
	} finally {
		api.kill('SIGTERM')
		await new Promise((resolve) => api.once('exit', resolve))
		await postgres?.stop()
		rmSync(dataDir, { recursive: true, force: true })
	}
}

const runs = []
for (const database of DATABASES) {
	console.log(`\n== roster import, ${ROWS} rows, ${database}`)
	runs.push(await measure(database))
}
console.table(runs)
const missed = runs.filter((run) => run['total ms'] >= LIMIT_MS || run['again: created'] !== 0)
for (const run of missed) {
	console.log(
		`Missed: ${run.database} took ${run['total ms']} ms (target < ${LIMIT_MS}), again created ${run['again: created']}`,
	)
}
writeFileSync(
	'bench/roster-results.json',
	`${JSON.stringify({ date: new Date().toISOString(), limitMs: LIMIT_MS, runs }, null, '\t')}\n`,
)
updatePerformanceDoc()
process.exitCode = missed.length > 0 ? 1 : 0
