// `BENCH_LOAD=1 npm run bench` (or `node bench/load.mjs`): issue 41's busiest hour. Starts a shape an
// operator deploys on the data-scale school, then keeps more and more people active at once, step
// after step, each doing what the load model (bench/load/model.mjs) says their role does, through
// the app as a browser asks for it (bench/load/journeys.mjs). Per step: p50/p95/p99 of every
// request and of each kind, errors, CPU seconds of each process (app, API, PostgreSQL) and of the
// load generator, resident memory. After the run, every write the app acknowledged (a test's
// answers, a task handed in) is looked for in the database: one missing is a lost write. The
// largest step with p95 ≤ 300 ms, p99 ≤ 1 s, no error and no lost write (and every smaller step
// too) is what the shape serves. Writes bench/results-load.json and docs/performance.md's latest
// results; exits 1 when a target is missed. Errors and lost writes are figures, never an abort.
//
// A step is a ramp, then a hold. In the ramp the newcomers arrive, BENCH_LOAD_SIGN_INS_PER_SECOND of
// them a second, each signing in first (its statistics and CPU are kept apart: the cost of a
// sign-in); in the hold (BENCH_LOAD_STEP_SECONDS) everyone works and the step is measured. People
// persist from step to step. The ramp stops after the first step that misses a limit; errors of
// its sign-ins count against it too.
//
// Env: BENCH_LOAD_SCALE (the data-scale school's factor: ×1 is 5,000 pupils; 1), BENCH_LOAD_SHAPES (pglite-1+1,
// postgres-1+1, postgres-redis-2+2; all three), BENCH_LOAD_STEPS (active people per step, 1200,2400,3600,4200),
// BENCH_LOAD_PGLITE_STEPS (the same for PGlite, 50,200,400), BENCH_LOAD_STEP_SECONDS (30), BENCH_LOAD_SIGN_INS_PER_SECOND (20), BENCH_LOAD_MODEL (a JSON file of model
// parameters, see model.mjs), BENCH_DATA_CACHE (keep the generated school, as BENCH_SCALE does),
// BENCH_SKIP_BUILD=1, BENCH_LOAD_APP_PORT and BENCH_LOAD_API_PORT (3484, 4484; the second app and API of
// 2+2 take the next port), BENCH_LOAD_REDIS_PORT (6484), BENCH_LABEL, BENCH_LOAD_RESULTS (another file
// for the results; docs/performance.md is then left as it is), BENCH_LOAD_NODE_OPTIONS (Node's options
// for the app and the API, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`), TEMP_POSTGRES_STAT_STATEMENTS=1
// (PostgreSQL loads pg_stat_statements: `create extension pg_stat_statements`, then read it).
//
// The API runs as in production (NODE_ENV=production, its secret given, mail left in the outbox as
// MAIL_DISABLED=1 does), as an operator deploys it: outside production it also checks every answer
// against its route's schema, which is the tests' safeguard, not a deployment's cost (decision 074).
//
// One fixed step, to compare a change's CPU per person with its baseline (decision 066):
// BENCH_LOAD_SHAPES=postgres-1+1 BENCH_LOAD_STEPS=200 BENCH_LOAD_STEP_SECONDS=60
// BENCH_LOAD_RESULTS=/tmp/a.json, run for each tree in turn, alternating.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import * as Y from 'yjs'
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { freePort } from '../scripts/free-port.mjs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { launch } from '../scripts/launch.mjs'
import { startTempPostgres } from '../scripts/temp-postgres.mjs'
import { redisInstalled, startTempRedis } from '../scripts/temp-redis.mjs'
import { Browser, closeConnections } from './load/browser.mjs'
import { JOURNEYS } from './load/journeys.mjs'
import { loadModel, personAddress, roomSeat, shareOut, shuffled, thinkMs } from './load/model.mjs'
import { prepareLoadSchool, schoolIds } from './load/school.mjs'
import { pauses, StepOver } from './load/waits.mjs'
import {
	cpuPerUserHour,
	cpuSecondsOfStat,
	judgeStep,
	largestServed,
	LIMITS,
	lostWrites,
	Stats,
} from './load/stats.mjs'
import { runSql } from './lib/school.mjs'
import { updatePerformanceDoc } from './lib/performance-doc.mjs'

const env = process.env
// The data-scale school at ×1 has 5,000 pupils (bench/lib/school.mjs): the issue's school.
const DEFAULT_SCALE = 1
const SCALE = Number(env.BENCH_LOAD_SCALE ?? DEFAULT_SCALE)
const SHAPES = (env.BENCH_LOAD_SHAPES ?? 'postgres-1+1,postgres-redis-2+2,pglite-1+1').split(',')
const STEPS = (env.BENCH_LOAD_STEPS ?? '1200,2400,3600,4200').split(',').map(Number)
// PGlite serves one statement at a time (one connection): its steps start small.
const PGLITE_STEPS = (env.BENCH_LOAD_PGLITE_STEPS ?? '50,200,400').split(',').map(Number)
// Holds of 30 s keep a run of the three shapes within 15 minutes (issue 41).
const RUN_MINUTES = 15
const STEP_SECONDS = Number(env.BENCH_LOAD_STEP_SECONDS ?? 30)
const SIGN_INS_PER_SECOND = Number(env.BENCH_LOAD_SIGN_INS_PER_SECOND ?? 20)
const PORTS = {
	app: Number(env.BENCH_LOAD_APP_PORT ?? 3484),
	api: Number(env.BENCH_LOAD_API_PORT ?? 4484),
	redis: Number(env.BENCH_LOAD_REDIS_PORT ?? 6484),
}
/** The issue's target: one app and one API on PostgreSQL, the default model, 5,000 pupils. */
const TARGET_USERS = 3000
/** Roles the journeys do not play yet; their share of the mix is left out (said in the results). */
const NOT_PLAYED = []
const RESULTS_FILE = env.BENCH_LOAD_RESULTS || 'bench/results-load.json'
const model = loadModel()

const log = (text) => console.log(`  ${text}`)
const round2 = (value) => Number(value.toFixed(2))
// BENCH_LOAD_PG_SOCKET=1: the APIs reach PostgreSQL over its Unix socket, not TCP (decision 068).
const PG_SOCKET = env.BENCH_LOAD_PG_SOCKET === '1'
/** What the APIs of a run are started with to run as in production; one secret for all of them. */
const API_AS_DEPLOYED = {
	NODE_ENV: 'production',
	JWT_SECRET: randomBytes(32).toString('hex'),
	MAIL_DISABLED: '1',
}

function machine() {
	const cpus = os.cpus()
	return {
		cpu: cpus[0]?.model ?? 'unknown',
		cores: cpus.length,
		memoryGiB: Math.round(os.totalmem() / 2 ** 30),
		node: process.version,
		os: `${os.type()} ${os.release()}`,
		loadAverageAtStart: os.loadavg().map((load) => Number(load.toFixed(2))),
	}
}

/** A process and its descendants (PostgreSQL's backends are the postmaster's children). */
function processTree(rootPid) {
	const parents = new Map()
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
			parents.set(Number(entry), ppid)
		} catch {
			// Gone between the listing and the read.
		}
	}
	const tree = [rootPid]
	for (let index = 0; index < tree.length; index++)
		for (const [pid, ppid] of parents) if (ppid === tree[index]) tree.push(pid)
	return tree
}

/**
 * CPU seconds and resident MiB of each named process, with its descendants; a name with several
 * processes (the two apps of 2+2) answers their sums.
 */
function readProcesses(pids) {
	const reading = {}
	for (const [name, rootPids] of Object.entries(pids)) {
		const roots = [rootPids].flat().filter(Boolean)
		if (roots.length === 0) continue
		let cpu = 0
		let rss = 0
		for (const [rootPid, pid] of roots.flatMap((root) =>
			processTree(root).map((pid) => [root, pid]),
		)) {
			try {
				const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
				cpu += cpuSecondsOfStat(stat)
				// Children that ended (a PostgreSQL backend whose connection closed) count in their
				// parent's cutime and cstime once waited for.
				if (pid === rootPid) cpu += cpuSecondsOfStat(stat, 100, true)
				rss += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
			} catch {
				// A backend that ended meanwhile: its CPU is lost to the reading (a few ms).
			}
		}
		reading[name] = { cpu, rssMiB: Math.round(rss / 1024) }
	}
	const self = process.cpuUsage()
	reading.loadGenerator = {
		cpu: (self.user + self.system) / 1e6,
		rssMiB: Math.round(process.memoryUsage.rss() / 2 ** 20),
	}
	return reading
}

/**
 * Waits (at most 60 s) until the processes just started are idle: the API's first sweeps (the
 * reminders of a whole school, the mail outbox) are its start's work, not the first step's.
 */
async function quietAfterStart(pids) {
	const total = () =>
		Object.entries(readProcesses(pids))
			.filter(([name]) => name !== 'loadGenerator')
			.reduce((sum, [, { cpu }]) => sum + cpu, 0)
	const deadline = Date.now() + 60_000
	let last = total()
	while (Date.now() < deadline) {
		await sleep(2000)
		const now = total()
		if (now - last < 0.2) return
		last = now
	}
}

/**
 * The people of one shape's run: added step by step, each running their role's journey until the
 * run ends. Their requests count in the statistics of the step they are made in.
 */
function crowd({ appUrls, ids }) {
	let stats = new Stats()
	const recorder = { record: (...args) => stats.record(...args) }
	const acknowledged = new Map()
	// Each key's writes after its last acknowledged one that may have been made (no answer came).
	const unanswered = new Map()
	const people = []
	const ended = pauses()
	let step = 0
	let nextPupil = 1
	let nextTeacher = 0
	let roomPeople = 0
	const wait = ended.wait

	function add(role) {
		const index = people.length
		// No balancer in front (the multi-process suite has none): people are dealt to the apps in
		// turn and each stays on theirs, as a balancer's sticky sessions would keep them.
		const browser = new Browser({
			appUrl: appUrls[index % appUrls.length],
			stats: recorder,
			...(model.addresses !== 'one' && { address: personAddress(index) }),
		})
		// A pupil in a live room is one of its class's 30, the rooms filling one after another.
		let room = null
		let email = null
		if (role === 'studentRoom' && ids.rooms.length > 0) {
			const seat = roomSeat(roomPeople++, ids.rooms.length, model.rooms.pupilsEach)
			const chosen = ids.rooms[seat.room]
			room = chosen.id
			email = chosen.pupils[seat.pupil % chosen.pupils.length]
		} else if (role === 'teacher')
			// A teacher of their own classes; more active teachers than classes share accounts.
			email = `load-teacher-${(nextTeacher++ % ids.teachers) + 1}@example.com`
		else if (role.startsWith('student'))
			email = `scale-student-${((nextPupil++ - 1) % ids.students) + 1}@example.com`
		let arrived
		const arrival = new Promise((resolve) => (arrived = resolve))
		const person = {
			role,
			index,
			email,
			room,
			browser,
			stats: recorder,
			model,
			ids,
			running: () => !ended.ended,
			// The first pause comes after signing in and the first page: the person has arrived.
			sleep: (ms) => (arrived(), wait(ms)),
			think: () => (arrived(), wait(thinkMs(model.thinkSeconds[role] ?? 20))),
			// Each acknowledged write, with the step it was made in.
			acknowledged: {
				set: (key, value) => {
					acknowledged.set(key, { step, value })
					unanswered.delete(key)
				},
				delete: (key) => acknowledged.delete(key),
				// A write that may have been made though its answer did not say so (one person's
				// writes of a key go one after the other, so it is newer than the acknowledged one).
				unanswered: (key, value) => {
					if (!unanswered.has(key)) unanswered.set(key, [])
					unanswered.get(key).push(value)
				},
			},
		}
		const done = JOURNEYS[role](person)
			.catch((error) => {
				if (!(error instanceof StepOver)) {
					recorder.record(`${role}: journey broke`, 0, false, error.message)
					console.error(error)
				}
			})
			.finally(() => arrived())
		people.push({ role, done })
		return arrival
	}

	return {
		acknowledged,
		unanswered,
		get count() {
			return people.length
		},
		countsByRole() {
			const counts = {}
			for (const { role } of people) counts[role] = (counts[role] ?? 0) + 1
			return counts
		},
		/**
		 * A step's ramp: adds people up to `wanted` of each role, one every 1/`signInsPerSecond` s
		 * (each signs in first). Answers the ramp's statistics and how many came.
		 */
		async ramp(number, wanted, signInsPerSecond) {
			step = number
			stats = new Stats()
			const have = this.countsByRole()
			// Interleaved, so each role's sign-ins spread over the whole ramp.
			const newcomers = shuffled(
				Object.entries(wanted).flatMap(([role, count]) =>
					Array.from({ length: Math.max(0, count - (have[role] ?? 0)) }, () => role),
				),
			)
			const gap = 1000 / signInsPerSecond
			const arrivals = []
			for (const role of newcomers) {
				arrivals.push(add(role))
				await sleep(gap)
			}
			// The hold begins once every newcomer has signed in and seen their first page (60 s at most).
			await Promise.race([Promise.all(arrivals), sleep(60_000)])
			return { newcomers: newcomers.length, ...stats.summary() }
		},
		/** A step's hold: everyone at work for `seconds`; answers its statistics. */
		async hold(seconds) {
			stats = new Stats()
			await sleep(seconds * 1000)
			return stats.summary()
		},
		/** Ends every journey; requests on the way are answered (at most 30 s more). */
		async end() {
			ended.end()
			await Promise.race([Promise.all(people.map(({ done }) => done)), sleep(30_000)])
		},
	}
}

/** What the database holds of the writes the people made. */
async function storedWrites(database, location) {
	const stored = new Map()
	const attempts = await runSql(
		database,
		location,
		`SELECT a.id, a.answers, a.flagged FROM test_attempts a JOIN users u ON u.id = a.student_id
		WHERE u.email LIKE 'scale-student-%'`,
	)
	for (const row of attempts.rows) {
		const parse = (value) => (typeof value === 'string' ? JSON.parse(value) : value)
		stored.set(`test:${row.id}`, { answers: parse(row.answers), flagged: parse(row.flagged) })
	}
	const submissions = await runSql(
		database,
		location,
		`SELECT s.task_id, u.email, s.comment FROM task_submissions s JOIN users u ON u.id = s.student_id
		WHERE u.email LIKE 'scale-student-%'`,
	)
	for (const row of submissions.rows)
		stored.set(`submission:${row.task_id}:${row.email}`, { comment: row.comment })
	// Each live room's whiteboard, rebuilt from every stored update (the snapshot is one of them).
	const updates = await runSql(
		database,
		location,
		`SELECT b.room_id, b.update FROM room_board_updates b JOIN rooms r ON r.id = b.room_id
		WHERE r.title LIKE 'Load room %' ORDER BY b.id`,
	)
	const boards = new Map()
	for (const row of updates.rows) {
		if (!boards.has(row.room_id)) boards.set(row.room_id, new Y.Doc())
		Y.applyUpdate(boards.get(row.room_id), new Uint8Array(row.update))
	}
	for (const [roomId, doc] of boards)
		for (const item of doc.getArray('items').toArray())
			if (typeof item?.id === 'string') stored.set(`stroke:${roomId}:${item.id}`, true)
	const messages = await runSql(
		database,
		location,
		`SELECT m.room_id, m.body FROM room_messages m JOIN rooms r ON r.id = m.room_id
		WHERE r.title LIKE 'Load room %'`,
	)
	for (const row of messages.rows) stored.set(`chat:${row.room_id}:${row.body}`, true)
	return stored
}

// Each API's metrics listener: a port the system has free (a fixed one may be another's).
const metricsPorts = []
// Each app's metrics listener, the same way.
const appMetricsPorts = []

/**
 * Each pair's metrics as its app's and its API's listeners answer them (null where none answers),
 * read once at each end of a hold: prom-client starts its event-loop histogram again at each read,
 * so a second read would measure the moment since the first.
 */
async function readMetrics(processes) {
	const read = async (port) => {
		try {
			return await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()
		} catch {
			return null
		}
	}
	const each = []
	for (let pair = 0; pair < processes; pair++)
		each.push({ app: await read(appMetricsPorts[pair]), api: await read(metricsPorts[pair]) })
	return each
}

/** Each process's event-loop delay since the last read and garbage-collection seconds so far. */
function runtimeMetrics(texts) {
	const figures = (text, prefix) => {
		if (text === null) return null
		const gauge = (name) =>
			Number(
				new RegExp(`^${prefix}nodejs_eventloop_lag_${name}_seconds (\\S+)`, 'm').exec(text)?.[1],
			)
		let gcSeconds = 0
		for (const [, value] of text.matchAll(
			new RegExp(`^${prefix}nodejs_gc_duration_seconds_sum\\{[^}]*\\} (\\S+)`, 'gm'),
		))
			gcSeconds += Number(value)
		return {
			loopDelayP50Ms: round2(gauge('p50') * 1000),
			loopDelayP99Ms: round2(gauge('p99') * 1000),
			loopDelayMaxMs: round2(gauge('max') * 1000),
			gcSeconds: round2(gcSeconds),
		}
	}
	return texts.map(({ app, api }) => ({ app: figures(app, 'app_'), api: figures(api, 'api_') }))
}

/** The hold's runtime figures: its event-loop delay, and the GC seconds it took, for each process. */
function runtimeShare(before, after) {
	return after.map((pair, index) =>
		Object.fromEntries(
			Object.entries(pair).map(([name, figures]) => [
				name,
				figures && {
					...figures,
					gcSeconds: round2(figures.gcSeconds - (before[index]?.[name]?.gcSeconds ?? 0)),
				},
			]),
		),
	)
}

/** The APIs' calls answered and statements run so far, all together; null if one did not answer. */
function apiCounts(texts) {
	const counts = { calls: 0, statements: 0 }
	for (const { api: text } of texts) {
		if (text === null) return null
		counts.statements += Number(/^api_db_statements_total (\d+)/m.exec(text)?.[1] ?? NaN)
		for (const [, value] of text.matchAll(
			/^api_http_request_duration_seconds_count\{[^}]*\} (\d+)/gm,
		))
			counts.calls += Number(value)
	}
	return counts
}

function apiShare(before, after) {
	if (!before || !after) return null
	const calls = after.calls - before.calls
	const statements = after.statements - before.statements
	return { calls, statements, statementsPerCall: calls ? round2(statements / calls) : null }
}

async function runShape(shape) {
	const [database] = shape.split('-')
	const processes = Number(/(\d+)\+\d+$/.exec(shape)?.[1] ?? 1)
	const withRedis = shape.includes('-redis-')
	if (![1, 2].includes(processes) || !['pglite', 'postgres'].includes(database))
		return { shape, notRun: 'shapes played: pglite-1+1, postgres-1+1, postgres-redis-2+2' }
	if (processes > 1 && (database !== 'postgres' || !withRedis))
		return { shape, notRun: 'several processes need PostgreSQL and Redis (postgres-redis-2+2)' }
	if (withRedis && !redisInstalled())
		return { shape, notRun: 'needs Redis (apt-get install redis-server)' }
	const work = mkdtempSync(join(os.tmpdir(), 'bench-load-'))
	chmodSync(work, 0o755)
	const parts = {
		data: join(work, 'data'),
		...(database === 'postgres' && { postgres: join(work, 'postgres') }),
	}
	let postgres = null
	let product = null
	let redis = null
	try {
		postgres = await prepareLoadSchool({
			database,
			scale: SCALE,
			parts,
			ports: PORTS,
			cacheRoot: env.BENCH_DATA_CACHE,
			log,
		})
		postgres ??= parts.postgres ? await startTempPostgres({ dataDir: parts.postgres }) : null
		const location = postgres ? postgres.url : join(parts.data, 'db')
		const ids = await schoolIds(database, location)
		if (withRedis) redis = await startTempRedis({ port: PORTS.redis })
		// Each app with its own API, as the multi-process suite starts them (multiprocess/cluster.ts),
		// one pair after the other (the first migrates). They share the database, Redis and the
		// data directory (the secrets, and the uploads, which a deployment keeps in S3).
		const pairs = []
		for (let pair = 0; pair < processes; pair++)
			pairs.push(
				await launch({
					appPort: PORTS.app + pair,
					apiPort: PORTS.api + pair,
					dataDir: parts.data,
					env: {
						// People with addresses of their own come as through a balancer (model.addresses).
						...(model.addresses !== 'one' && { TRUST_PROXY: '1' }),
						...(postgres && { DATABASE_URL: PG_SOCKET ? postgres.socketUrl : postgres.url }),
						...(redis && { REDIS_URL: redis.url }),
						// Its statements and calls, read around each hold (decision 068).
						API_METRICS_PORT: String((metricsPorts[pair] = await freePort())),
						// The app's event-loop delay and garbage collection, read around each hold.
						METRICS_PORT: String((appMetricsPorts[pair] = await freePort())),
						// The API as an operator runs it (decision 074): in production it checks no answer
						// against its route's schema (a test's safeguard, 6.8 % of its time in a step), and
						// needs its secret given; mail stays in the outbox as without SMTP before.
						...API_AS_DEPLOYED,
						// Node's options for the app and the API, e.g. `--cpu-prof --cpu-prof-dir=/tmp/x`.
						...(env.BENCH_LOAD_NODE_OPTIONS && { NODE_OPTIONS: env.BENCH_LOAD_NODE_OPTIONS }),
					},
					quiet: true,
				}),
			)
		product = { stop: () => Promise.all(pairs.map((each) => each.stop())) }
		const pids = {
			app: pairs.map((each) => each.appPid),
			api: pairs.map((each) => each.apiPid),
			postgres: postgres?.pid,
			redis: redis?.pid,
		}
		await quietAfterStart(pids)
		const people = crowd({ appUrls: pairs.map((each) => each.appUrl), ids })
		const steps = []
		for (const [index, users] of (database === 'pglite' ? PGLITE_STEPS : STEPS).entries()) {
			const wanted = shareOut(users, model.activeAtPeak, NOT_PLAYED)
			log(`step ${index + 1}: ${users} active people ${JSON.stringify(wanted)}`)
			const beforeRamp = readProcesses(pids)
			const rampStarted = performance.now()
			const ramp = await people.ramp(index + 1, wanted, SIGN_INS_PER_SECOND)
			const rampSeconds = (performance.now() - rampStarted) / 1000
			const before = readProcesses(pids)
			const metricsBefore = await readMetrics(processes)
			const started = performance.now()
			const summary = await people.hold(STEP_SECONDS)
			const seconds = (performance.now() - started) / 1000
			const after = readProcesses(pids)
			const metricsAfter = await readMetrics(processes)
			const runtime = runtimeShare(runtimeMetrics(metricsBefore), runtimeMetrics(metricsAfter))
			const cpu = {}
			const cpuPerHour = {}
			const memoryMiB = {}
			const rampCpu = {}
			for (const name of Object.keys(after)) {
				cpu[name] = round2(after[name].cpu - (before[name]?.cpu ?? 0))
				cpuPerHour[name] = cpuPerUserHour(cpu[name], users, seconds)
				memoryMiB[name] = after[name].rssMiB
				rampCpu[name] = round2((before[name]?.cpu ?? 0) - (beforeRamp[name]?.cpu ?? 0))
			}
			const step = {
				users,
				roles: wanted,
				seconds: Math.round(seconds),
				// The machine is shared: its load at the hold's end says how far latency is ours.
				loadAverage: os.loadavg().map((load) => round2(load)),
				...summary,
				// Errors while the newcomers signed in count against the step too.
				errors: summary.errors + ramp.errors,
				requestsPerSecond: Math.round(summary.requests / seconds),
				// The API's calls and the statements they ran during the hold, all APIs together.
				api: apiShare(apiCounts(metricsBefore), apiCounts(metricsAfter)),
				// Each app's and API's event-loop delay and GC seconds in the hold, pair by pair.
				runtime,
				cpuSeconds: cpu,
				cpuSecondsPerUserHour: cpuPerHour,
				memoryMiB,
				lostWrites: 0,
				ramp: {
					newcomers: ramp.newcomers,
					seconds: Math.round(rampSeconds),
					requests: ramp.requests,
					p95Ms: ramp.p95Ms,
					p99Ms: ramp.p99Ms,
					errors: ramp.errors,
					problems: ramp.problems,
					signIn: Object.fromEntries(
						Object.entries(ramp.byName).filter(([name]) => name.endsWith(': sign in')),
					),
					cpuSeconds: rampCpu,
				},
			}
			steps.push(step)
			const { met, missed } = judgeStep(step)
			if (step.api)
				log(
					`  API: ${step.api.calls} calls, ${step.api.statements} statements, ${step.api.statementsPerCall} a call`,
				)
			log(`  runtime: ${JSON.stringify(runtime)}`)
			log(
				`  timeline (5 s windows, p50/p95 ms): ${summary.timeline.map((window) => `${window.p50Ms}/${window.p95Ms}`).join(' ')}`,
			)
			log(
				`  ${summary.requests} requests, p95 ${summary.p95Ms} ms, p99 ${summary.p99Ms} ms, ${summary.errors} errors; CPU s ${JSON.stringify(cpu)}${met ? '' : `; missed: ${missed.join(', ')}`}`,
			)
			if (step.errors > 0)
				log(`  problems: ${JSON.stringify({ ...ramp.problems, ...summary.problems })}`)
			if (!met) break
		}
		log('ending the journeys, stopping the app and the API')
		await people.end()
		await closeConnections()
		// The last strokes and sockets' closings reach the API before it is told to stop: a stop
		// while members are still leaving is the restart case, not this one.
		await sleep(2000)
		await product.stop()
		product = null
		log('looking for every acknowledged write in the database')
		// Every acknowledged write, looked for in the database once the app and the API have stopped.
		let stored
		let verifyError = null
		try {
			stored = await storedWrites(database, location)
		} catch (error) {
			// Reported as every write lost, with the reason: a figure, not an abort.
			verifyError = error.message
			stored = new Map()
		}
		const lost = lostWrites(
			new Map([...people.acknowledged].map(([key, { value }]) => [key, value])),
			stored,
			people.unanswered,
		)
		for (const { key } of lost) {
			const step = steps[people.acknowledged.get(key).step - 1]
			if (step) step.lostWrites += 1
		}
		const writesByKind = {}
		for (const key of people.acknowledged.keys()) {
			const kind = key.split(':')[0]
			writesByKind[kind] = (writesByKind[kind] ?? 0) + 1
		}
		const served = largestServed(steps)
		const atServed = steps.find((step) => step.users === served)
		return {
			shape,
			database,
			processes: {
				app: processes,
				api: processes,
				postgres: postgres ? 1 : 0,
				redis: redis ? 1 : 0,
			},
			scale: SCALE,
			served,
			acknowledgedWrites: writesByKind,
			lostWrites: lost.length,
			lostExamples: lost.slice(0, 5),
			...(verifyError && { verifyError }),
			cpuSecondsPerUserHourAtServed: atServed?.cpuSecondsPerUserHour ?? null,
			memoryMiBAtServed: atServed?.memoryMiB ?? null,
			steps,
		}
	} finally {
		await product?.stop()
		await redis?.stop()
		await postgres?.stop()
		rmSync(work, { recursive: true, force: true })
	}
}

if (!env.BENCH_SKIP_BUILD) {
	const { status } = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' })
	if (status !== 0) throw new Error('npm run build failed')
}
const results = {
	date: new Date().toISOString(),
	label: env.BENCH_LABEL ?? '',
	commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim(),
	machine: machine(),
	model: { ...model, notPlayed: NOT_PLAYED },
	conditions: {
		scale: SCALE,
		students: 5000 * SCALE,
		steps: STEPS,
		pgliteSteps: PGLITE_STEPS,
		stepSeconds: STEP_SECONDS,
		signInsPerSecond: SIGN_INS_PER_SECOND,
		limits: LIMITS,
		loadGenerator: 'on the same machine (bench/load/, undici)',
	},
	shapes: [],
	targets: [],
}
// The run, from the first shape's start to the last one's check, without the build (issue 41: at
// most 15 minutes for the three shapes).
const runStarted = performance.now()
const runMinutes = () => round2((performance.now() - runStarted) / 60_000)
for (const shape of SHAPES) {
	console.log(`\n== ${shape}, school ×${SCALE}`)
	const shapeStarted = performance.now()
	const run = await runShape(shape)
	run.minutes = round2((performance.now() - shapeStarted) / 60_000)
	results.runMinutes = runMinutes()
	results.shapes.push(run)
	if (run.notRun) {
		log(`not run: ${run.notRun}`)
		continue
	}
	console.table(
		run.steps.map((step) => ({
			users: step.users,
			requests: step.requests,
			'req/s': step.requestsPerSecond,
			p50: step.p50Ms,
			p95: step.p95Ms,
			p99: step.p99Ms,
			errors: step.errors,
			lost: step.lostWrites,
			'app CPU s/user-h': step.cpuSecondsPerUserHour.app,
			'API CPU s/user-h': step.cpuSecondsPerUserHour.api,
			'PG CPU s/user-h': step.cpuSecondsPerUserHour.postgres ?? '–',
			'Redis CPU s/user-h': step.cpuSecondsPerUserHour.redis ?? '–',
		})),
	)
	const limit = shape === 'postgres-1+1' && SCALE === DEFAULT_SCALE ? TARGET_USERS : 1
	results.targets.push({
		name: `${shape} ×${SCALE}: active people served (p95 ≤ ${LIMITS.p95Ms} ms, p99 ≤ ${LIMITS.p99Ms} ms, no error, no lost write)`,
		value: run.served,
		limit: `>= ${limit}`,
		met: run.served >= limit,
	})
	results.targets.push({
		name: `${shape} ×${SCALE}: acknowledged writes lost`,
		value: run.lostWrites,
		limit: '= 0',
		met: run.lostWrites === 0,
	})
	// Written after each shape: a run cut short keeps the shapes it finished.
	results.allMet = results.targets.every((item) => item.met)
	writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, '\t')}\n`)
}
results.runMinutes = runMinutes()
if (SHAPES.length === 3)
	results.targets.push({
		name: 'the run of the three shapes, in minutes',
		value: results.runMinutes,
		limit: `<= ${RUN_MINUTES}`,
		met: results.runMinutes <= RUN_MINUTES,
	})
results.allMet = results.targets.every((item) => item.met)
writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, '\t')}\n`)
console.log('\n== targets')
console.table(
	results.targets.map(({ name, value, limit, met }) => ({
		target: name,
		value,
		limit,
		met: met ? 'yes' : 'NO',
	})),
)
console.log(`Written to ${RESULTS_FILE}.`)
// A run written elsewhere (a comparison, a smoke) leaves the committed results' page alone.
if (!env.BENCH_LOAD_RESULTS) updatePerformanceDoc()
process.exitCode = results.allMet ? 0 : 1
