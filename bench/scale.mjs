// `BENCH_SCALE=1 npm run bench` (or `node bench/scale.mjs`): issue 28's big school. Generates it in
// SQL on top of the demo data, on PGlite and on a throw-away PostgreSQL, then times the pages that
// grow with it through the app, signed in: the first answer (cold) and the median of 7 (page cache
// off; the upstream cache may serve repeats), the answer's size, and the SQL statements the API ran
// for the first answer (api_db_statements_total on its /metrics, read before and after). Then it
// asks for the largest pages again and again and reads the app's and the API's resident memory
// before and after. Prints a table per run, adds the runs to bench/scale-results.json (by database
// and scale: runs made separately add up), then checks issue 28's targets over every run in the
// file (bench/lib/scale-targets.mjs), prints them and exits 1 when one is missed. A benchmark, not
// a test. It writes docs/performance.md's latest results from the file; `node bench/scale-report.mjs`
// prints every table of it.
//
// A whole term's file is also made in the background (decision 046): the time to start the job, the
// job's own time and the file's size. Where the term is above the API's EXPORT_STREAM_LIMIT (×10 and
// up), the app offers only that, so the streamed files are not asked for and the job's start is the
// export's time.
//
// Env: BENCH_SCALES (factors of the school below, comma-separated, 1), BENCH_DATABASES
// (pglite,postgres), BENCH_SKIP_BUILD=1 (reuse build/), BENCH_APP_PORT and BENCH_API_PORT (3470,
// 4470) with their metrics ports BENCH_APP_METRICS_PORT and BENCH_API_METRICS_PORT (each port + 1),
// BENCH_DATA_CACHE=<dir> (keep each generated school there and reuse it while it is today's, see
// bench/lib/school-cache.mjs), BENCH_GENERATE_ONLY=1 (only generate and keep the schools), BENCH_EXPORT_WAIT
// (seconds a background export is followed to its end, 600; its start is what is timed).
//
// The school at ×1: 5,000 students of the demo organization with 6 subjects × 3 terms of scores
// (90,000), 2,000 organization courses, 500 sessions of the demo teacher in this week, and the demo
// student in 100 more courses with 1,000 tasks (half past, half to come) and 2,200 announcements.
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { launch } from '../scripts/launch.mjs'
import { startTempPostgres } from '../scripts/temp-postgres.mjs'
import { logIn, median } from './lib/http.mjs'
import {
	BACKGROUND,
	evaluateTargets,
	mergeRun,
	readResults,
	RESULTS_FILE,
} from './lib/scale-targets.mjs'
import { updatePerformanceDoc } from './lib/performance-doc.mjs'
import { currentMigrations, schoolCache, seedDay } from './lib/school-cache.mjs'
import { generate, schoolSql } from './lib/school.mjs'

const SCALES = (process.env.BENCH_SCALES ?? '1').split(',').map(Number)
// How long a background export's job is followed to its end; its start is what is timed.
const EXPORT_WAIT_S = Number(process.env.BENCH_EXPORT_WAIT ?? 600)
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',')
const port = (name, fallback) => Number(process.env[name] ?? fallback)
const PORTS = { app: port('BENCH_APP_PORT', 3470), api: port('BENCH_API_PORT', 4470) }
PORTS.appMetrics = port('BENCH_APP_METRICS_PORT', PORTS.app + 1)
PORTS.apiMetrics = port('BENCH_API_METRICS_PORT', PORTS.api + 1)
const DATA_CACHE = process.env.BENCH_DATA_CACHE
const GENERATE_ONLY = Boolean(process.env.BENCH_GENERATE_ONLY)
if (GENERATE_ONLY && !DATA_CACHE)
	throw new Error('BENCH_GENERATE_ONLY=1 keeps the schools: give BENCH_DATA_CACHE')
const PASSWORD = 'DemoPass123!'
const SAMPLES = 7
// A whole term's CSV at ×100 is tens of MB and a minute: one sample tells its time.
const samplesOf = (path, scale) => (scale >= 100 && path.includes('export') ? 1 : SAMPLES)
// Rounds of the largest pages for the memory reading.
const MEMORY_ROUNDS = 20

/** Pages by who reads them. */
const PAGES = {
	organization: [
		'/organization/score-input',
		'/organization/score-input?page=100',
		'/organization/analytics',
		'/organization/result-cards',
		'/organization/result-cards?page=100',
		'/organization/org/announcement/list',
		'/organization/score-input/export',
		'/organization/result-cards/export',
	],
	teacher: [
		'/teachersdashboard/schedule',
		'/teachersdashboard/schedule?weekPage=3',
		'/teachersdashboard/announcement/list',
		'/teachersdashboard/tasks',
	],
	student: [
		'/studentdashboard',
		'/studentdashboard/sessions',
		'/studentdashboard/tasks',
		'/studentdashboard/announcements',
	],
	visitor: ['/courses?search=course%2000042', '/courses'],
}

/** A counter or gauge's value on a /metrics page. */
async function metric(port, name) {
	const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()
	return Number(new RegExp(`^${name} (\\d+(\\.\\d+)?(e\\+\\d+)?)$`, 'm').exec(text)?.[1])
}

const statementsRun = () => metric(PORTS.apiMetrics, 'api_db_statements_total')
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Waits until the API's own periodic work has just run and ended (the mail outbox is polled every
 * 5 s; the reminders' sweep, every minute and at start, may send a school's worth of reminders), so
 * that a first answer's statement count is the page's alone and the same at every scale. Each
 * reading runs one statement (the mail queue's gauge, counted in the next reading): more than one
 * between two readings is that work. Answers the count to start from, after at most 30 s.
 */
async function afterBackgroundWork() {
	let last = await statementsRun()
	let worked = false
	let quiet = 0
	for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
		await sleep(100)
		const now = await statementsRun()
		if (now - last > 1) [worked, quiet] = [true, 0]
		else quiet += 1
		last = now
		// Quiet for 0.3 s after the work: it is over, and the next poll is some 5 s away.
		if (worked && quiet >= 3) break
	}
	return last
}

async function timePage(url, headers, samples = SAMPLES) {
	const times = []
	let bytes = 0
	let status = 0
	let statements = null
	for (let i = 0; i < samples; i++) {
		let before = i === 0 ? await afterBackgroundWork() : 0
		// Headers made just before each request (an ETag read then), not counted in its statements.
		const sent = typeof headers === 'function' ? await headers() : headers
		if (i === 0 && sent !== headers) before = await statementsRun()
		const started = performance.now()
		let body
		try {
			const response = await fetch(url, { headers: sent, redirect: 'manual' })
			body = await response.arrayBuffer()
			status = response.status
		} catch (error) {
			// An answer cut off (a timeout on the way) is a result, not the end of the run.
			body = new ArrayBuffer(0)
			status = `cut off (${error.cause?.code ?? error.message})`
		}
		times.push(performance.now() - started)
		// The reading's own query (the mail queue's gauge) counts in the next one.
		if (i === 0) statements = (await statementsRun()) - before - 1
		bytes = body.byteLength
	}
	// The first answer is cold; repeats may be served in part by the app's upstream cache.
	return {
		firstMs: Math.round(times[0]),
		medianMs: Math.round(median(times)),
		kb: Math.round(bytes / 1024),
		statements,
		status,
	}
}

/** Resident memory of the app and the API, in MiB. */
const memory = async () => ({
	appMiB: Math.round(
		(await metric(PORTS.appMetrics, 'app_process_resident_memory_bytes')) / 2 ** 20,
	),
	apiMiB: Math.round(
		(await metric(PORTS.apiMetrics, 'api_process_resident_memory_bytes')) / 2 ** 20,
	),
})

/** The demo teacher's calendar feed, fetched as a calendar app would (no session). */
async function feedUrl(apiUrl) {
	const login = await fetch(`${apiUrl}/api/v1/auth/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ email: 'teacher@example.com', password: PASSWORD }),
	})
	const { user } = await login.json()
	const feed = await fetch(`${apiUrl}/api/v1/calendar/feed`, {
		headers: { authorization: `Bearer ${user.accessToken}` },
	})
	return `${apiUrl}/api/v1/calendar/feeds/${(await feed.json()).feed.token}.ics`
}

/**
 * Whether the page an export is linked from offers "Prepare the file (CSV)" (a term above the API's
 * EXPORT_STREAM_LIMIT, decision 046) instead of the streamed file: the organization then waits
 * only for the job to start, timed by `backgroundExport`.
 */
async function offersBackgroundExport(exportUrl, headers) {
	const page = await fetch(exportUrl.replace(/\/export$/, ''), { headers })
	return (await page.text()).includes('Prepare the file (CSV)')
}

/**
 * A background export of a whole term (decision 046): the time to start it (what the organization
 * waits for: the answer of "Prepare the file (CSV)"), then the job's own time and its file's size,
 * read by polling its status as the job page does.
 */
async function backgroundExport(apiUrl, kind) {
	const { url, headers } = await scoresApi(apiUrl, '')
	const exportsUrl = url.replace(/\/scores$/, '/exports')
	const started = performance.now()
	const answer = await fetch(exportsUrl, {
		method: 'POST',
		headers: { ...headers, 'content-type': 'application/json' },
		body: JSON.stringify({ kind, term: 'Scale term 1' }),
	})
	const startMs = Math.round(performance.now() - started)
	const job = (await answer.json()).export
	const givenUp = Date.now() + EXPORT_WAIT_S * 1000
	for (;;) {
		const state = (await (await fetch(`${exportsUrl}/${job.id}`, { headers })).json()).export
		if (Date.now() > givenUp)
			return {
				page: `API background export (${kind})`,
				firstMs: startMs,
				medianMs: startMs,
				kb: null,
				statements: null,
				status: `${answer.status} → still ${state.status} after ${EXPORT_WAIT_S} s (not waited for)`,
			}
		if (state.status === 'done' || state.status === 'failed') {
			return {
				page: `API background export (${kind})`,
				firstMs: startMs,
				medianMs: startMs,
				kb: Math.round((state.bytes ?? 0) / 1024),
				statements: null,
				status: `${answer.status} → ${state.status} in ${((Date.parse(state.finishedAt) - Date.parse(state.createdAt)) / 1000).toFixed(1)} s`,
			}
		}
		await sleep(500)
	}
}

async function scoresApi(apiUrl, query) {
	const login = await fetch(`${apiUrl}/api/v1/auth/organization-login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ email: 'organization@example.com', password: PASSWORD }),
	})
	const { user } = await login.json()
	return {
		url: `${apiUrl}/api/v1/organizations/${user.id}/scores${query}`,
		headers: { authorization: `Bearer ${user.accessToken}` },
	}
}

/** The app and the API on the run's copy of the school. */
const startProduct = (parts, env, postgres) =>
	launch({
		appPort: PORTS.app,
		apiPort: PORTS.api,
		dataDir: parts.data,
		env: { ...env, ...(postgres && { DATABASE_URL: postgres.url }) },
		quiet: true,
	})

/**
 * The school of this database and scale in `parts` (the product's data directory, PostgreSQL's
 * cluster): copied from the kept one when BENCH_DATA_CACHE has it for today, else generated on the
 * demo data (and kept when BENCH_DATA_CACHE is set). Answers PostgreSQL still running, if it is.
 */
async function prepareSchool(database, scale, parts, env) {
	const cache = DATA_CACHE && schoolCache(DATA_CACHE, database, scale, schoolSql(scale))
	const stale = cache?.staleness()
	if (cache && !stale && GENERATE_ONLY) {
		console.log(`  already kept: ${cache.dir} (generated ${cache.meta().generatedAt})`)
		return null
	}
	if (cache && !stale) {
		cache.restore(parts)
		console.log(`  reused cached school ${cache.dir} (generated ${cache.meta().generatedAt})`)
		return null
	}
	if (cache) console.log(`  generating: ${stale} (${cache.dir})`)
	const seeded = { ...seedDay(), migrations: currentMigrations() }
	let postgres = parts.postgres ? await startTempPostgres({ dataDir: parts.postgres }) : null
	// First start: migrations and the demo data; then the school, with the API stopped.
	await (await startProduct(parts, env, postgres)).stop()
	const started = performance.now()
	await generate(database, postgres ? postgres.url : join(parts.data, 'db'), scale)
	const seconds = Math.round((performance.now() - started) / 1000)
	console.log(`  generated ×${scale} in ${seconds} s`)
	if (cache) {
		// A cluster is copied stopped, so the copy is a clean one.
		await postgres?.stop()
		postgres = null
		cache.keep(parts, { ...seeded, generatedAt: new Date().toISOString(), seconds })
		console.log(`  kept in ${cache.dir}`)
	}
	return postgres
}

async function measure(database, scale) {
	// The run's own copy of the school; PostgreSQL runs as its own user when we are root, and
	// reaches its cluster through this directory.
	const work = mkdtempSync(join(os.tmpdir(), 'bench-scale-'))
	chmodSync(work, 0o755)
	const parts = {
		data: join(work, 'data'),
		...(database === 'postgres' && { postgres: join(work, 'postgres') }),
	}
	const env = {
		PAGE_CACHE_MS: '0',
		METRICS_PORT: String(PORTS.appMetrics),
		API_METRICS_PORT: String(PORTS.apiMetrics),
	}
	let postgres = null
	try {
		postgres = await prepareSchool(database, scale, parts, env)
		if (GENERATE_ONLY) return null
		postgres ??= parts.postgres ? await startTempPostgres({ dataDir: parts.postgres }) : null
		const product = await startProduct(parts, env, postgres)
		const rows = []
		const memoryRows = []
		try {
			const cookies = {
				organization: await logIn(
					product.appUrl,
					'organization@example.com',
					PASSWORD,
					'organization',
				),
				teacher: await logIn(product.appUrl, 'teacher@example.com', PASSWORD),
				student: await logIn(product.appUrl, 'student@example.com', PASSWORD),
				visitor: '',
			}
			for (const [who, paths] of Object.entries(PAGES)) {
				for (const path of paths) {
					const headers = cookies[who] ? { cookie: cookies[who] } : {}
					const url = `${product.appUrl}${path}`
					if (path.endsWith('/export') && (await offersBackgroundExport(url, headers)))
						rows.push({
							page: path,
							firstMs: null,
							medianMs: null,
							kb: null,
							statements: null,
							status: BACKGROUND,
						})
					else rows.push({ page: path, ...(await timePage(url, headers, samplesOf(path, scale))) })
				}
			}
			const feed = await feedUrl(product.apiUrl)
			rows.push({ page: 'API calendar feed (teacher)', ...(await timePage(feed, {})) })
			// A calendar app's poll of an unchanged feed: If-None-Match, answered 304. The tag is read
			// just before each poll: a busy teacher's feed changes as each session starts (at ×100 one
			// starts every 12 s, so a tag read before the wait for the API's background work is stale).
			const currentTag = async () => {
				const answer = await fetch(feed)
				await answer.arrayBuffer()
				return { 'if-none-match': answer.headers.get('etag') }
			}
			rows.push({
				page: 'API calendar feed, unchanged (304)',
				...(await timePage(feed, currentTag)),
			})
			// The unpaged call is the whole table as JSON: 200 MB at ×10, more than a process holds at ×100.
			for (const query of scale <= 10 ? ['', '?page=1&limit=100'] : ['?page=1&limit=100']) {
				const { url, headers } = await scoresApi(product.apiUrl, query)
				rows.push({ page: `API GET scores${query}`, ...(await timePage(url, headers)) })
			}
			// Last of the timed calls: a finished job mails the organization, statements no page should count.
			for (const kind of ['scores', 'result-cards'])
				rows.push(await backgroundExport(product.apiUrl, kind))
			// Memory while the largest pages are asked for again and again (exports excluded: their
			// time is the file's length).
			const large = [...rows]
				.filter((row) => row.page.startsWith('/') && !row.page.includes('export'))
				.sort((a, b) => b.kb - a.kb)
				.slice(0, 4)
				.map((row) => row.page)
			const who = (path) => Object.keys(PAGES).find((key) => PAGES[key].includes(path))
			const before = await memory()
			for (let round = 0; round < MEMORY_ROUNDS; round++) {
				for (const path of large) {
					const cookie = cookies[who(path)]
					await (
						await fetch(`${product.appUrl}${path}`, { headers: cookie ? { cookie } : {} })
					).arrayBuffer()
				}
			}
			const after = await memory()
			memoryRows.push({ pages: large, rounds: MEMORY_ROUNDS, before, after })
		} finally {
			await product.stop()
		}
		return { rows, memory: memoryRows[0] }
	} finally {
		await postgres?.stop()
		rmSync(work, { recursive: true, force: true })
	}
}

if (!process.env.BENCH_SKIP_BUILD && !GENERATE_ONLY) {
	const { status } = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' })
	if (status !== 0) throw new Error('npm run build failed')
}
// Runs of other databases and scales stay in the file: separate runs add up to the whole table,
// each with the commit it measured.
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
	encoding: 'utf8',
}).stdout.trim()
const results = readResults()
results.samples = SAMPLES
for (const database of DATABASES) {
	for (const scale of SCALES) {
		console.log(`\n== ${database}, school ×${scale}`)
		const measured = await measure(database, scale)
		if (!measured) continue
		console.table(measured.rows)
		console.log('memory', JSON.stringify(measured.memory))
		mergeRun(results, database, scale, { date: new Date().toISOString(), commit, ...measured })
	}
}
if (GENERATE_ONLY) process.exit(0)

const { targets, notChecked, allMet } = evaluateTargets(results)
Object.assign(results, { targets, notChecked, allMet })
writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, '\t')}\n`)
console.log('\n== targets (every run in the file)')
console.table(
	targets.map(({ name, value, limit, met }) => ({
		target: name,
		value,
		limit,
		met: met ? 'yes' : 'NO',
	})),
)
for (const line of notChecked) console.log(`Not checked: ${line}`)
const missed = targets.filter((item) => !item.met)
console.log(missed.length ? `\n${missed.length} target(s) missed.` : '\nEvery target met.')
console.log(`Written to ${RESULTS_FILE}; \`node bench/scale-report.mjs\` prints every table of it.`)
updatePerformanceDoc()
// The servers' children ending on stop() set a failing exit code (scripts/launch.mjs): the targets decide.
process.exitCode = allMet ? 0 : 1
