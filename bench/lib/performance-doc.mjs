// The latest results in docs/performance.md, made from the bench's own results files so the page
// cannot drift from them: every mode that writes a file (bench/run.mjs, scale.mjs, roster.mjs) calls
// updatePerformanceDoc() after writing it, and docs/performance.test.ts fails when the page differs
// from what this makes from the committed files. Only the part between the two markers is made here;
// the prose around it (how to run each mode, what the targets mean) is written by hand.
//
// A results file is `bench/results*.json` or `bench/*-results.json`. The three known modes get a
// table of their own; any other (a new mode) renders as one table of its `targets` array
// (`{ name, value, limit, met }`, as every mode writes them), under its date and machine.
//
// `node bench/lib/performance-doc.mjs` writes the page again from the files (after a merge, say).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
	BUSY_SHARE,
	measuredCosts,
	POOL_PER_API_PROCESS,
	POSTGRES_MAX_CONNECTIONS,
	SCHOOLS,
	sizeSchool,
} from '../load/sizing.mjs'

const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url))
export const DOC = 'docs/performance.md'
export const START = '<!-- bench results: start (made by bench/lib/performance-doc.mjs) -->'
export const END = '<!-- bench results: end -->'

const number = (value) =>
	typeof value === 'number' ? value.toLocaleString('en-US') : (value ?? '–')
const when = (iso) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : 'date unknown')
const cell = (value) => String(value).replaceAll('|', '\\|')
const table = (header, lines) =>
	[
		`| ${header.join(' | ')} |`,
		`|${header.map(() => '---').join('|')}|`,
		...lines.map((cells) => `| ${cells.map(cell).join(' | ')} |`),
	].join('\n')
const median = (values) => {
	const sorted = values.toSorted((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)]
}

function machine(info) {
	if (!info) return ''
	const load = info.loadAverageAtStart?.[0]
	return [
		`${info.cores} cores (${info.cpu}), ${info.memoryGiB} GiB`,
		info.node && `Node ${info.node}`,
		info.reactRouter && `React Router ${info.reactRouter}`,
		load !== undefined && `load average ${load} at the start`,
	]
		.filter(Boolean)
		.join(', ')
}

function metLine(targets) {
	const missed = targets.filter((item) => !item.met)
	return missed.length === 0
		? `**every target met (${targets.length} of ${targets.length})**`
		: `**${targets.length - missed.length} of ${targets.length} targets met**; missed: ${missed
				.map((item) => `${item.name} (${number(item.value)}, target ${item.limit})`)
				.join('; ')}`
}

function targetsTable(targets) {
	return table(
		['target', 'value', 'limit', 'met'],
		targets.map((item) => [item.name, number(item.value), item.limit, item.met ? 'yes' : '**no**']),
	)
}

const PAGES = {
	baseline: 'one-route baseline',
	routeTable: 'route-table baseline',
	home: 'home',
	catalog: 'catalogue',
	dashboard: 'teacher dashboard',
	catalogRendered: 'catalogue rendered for every request',
}

/** Each page's median requests/s and p99 over the rounds of one condition, in one sentence. */
function throughput(condition) {
	const rounds = condition?.rounds ?? []
	if (rounds.length === 0) return ''
	const pages = Object.keys(rounds[0])
	return pages
		.map((page) => {
			const rps = median(rounds.map((round) => round[page]?.requestsPerSecond ?? 0))
			const p99 = median(rounds.map((round) => round[page]?.p99Ms ?? 0))
			return `${PAGES[page] ?? page} ${number(rps)} (${number(p99)})`
		})
		.join(', ')
}

function mainMode(results) {
	const label = results.label ? ` ("${results.label}")` : ''
	return [
		`Run ${when(results.date)}${label}, ${machine(results.machine)}: ${metLine(results.targets)}.`,
		`Median requests/s (p99 ms) of ${results.ssr?.rounds.length ?? 0} rounds, quiet: ${throughput(results.ssr)}. Contended: ${throughput(results.contended)}.`,
		targetsTable(results.targets),
	]
}

const DATABASE_NAMES = { pglite: 'PGlite', postgres: 'PG' }

/** A page's time in one data-scale run: first answer / median, or what stood in for it. */
function scaleTime(row) {
	if (!row) return '–'
	if (row.status === 'background') return 'background'
	const job = /done in (.*)$/.exec(String(row.status))?.[1]
	if (job) return `${number(row.firstMs)} (job ${job})`
	const failed = row.status === 200 || row.status === 304 ? '' : ` (${row.status})`
	return `${number(row.firstMs)} / ${number(row.medianMs)}${failed}`
}

function scaleMode(results) {
	const runs = Object.entries(results.runs ?? {}).flatMap(([database, byScale]) =>
		Object.entries(byScale)
			.map(([scale, run]) => ({ database, scale: Number(scale), ...run }))
			.sort((a, b) => a.scale - b.scale),
	)
	const column = (run) => `${DATABASE_NAMES[run.database] ?? run.database} ×${run.scale}`
	const pages = [...new Set(runs.flatMap((run) => run.rows.map((row) => row.page)))]
	const commits = [...new Set(runs.map((run) => run.commit ?? 'unknown'))]
	return [
		`Runs: ${runs.map((run) => `${column(run)} ${when(run.date)}`).join(', ')}; ${commits.length === 1 ? `commit ${commits[0]}` : `commits ${commits.join(', ')}`}. Over every run: ${metLine(results.targets ?? [])}.${(results.notChecked ?? []).map((line) => ` Not checked: ${line}.`).join('')}`,
		`First answer / median of ${results.samples ?? 7}, in ms, signed in, page cache off (a background export: its start and the job's own time; "background": the app offers the background export instead of the streamed file). \`node bench/scale-report.mjs\` prints the sizes, statements and memory too.`,
		table(
			['page', ...runs.map(column)],
			pages.map((page) => [
				`\`${page}\``,
				...runs.map((run) => scaleTime(run.rows.find((row) => row.page === page))),
			]),
		),
	]
}

function rosterMode(results) {
	const limit = results.limitMs ?? 60_000
	const runs = results.runs ?? []
	const met = runs.filter((run) => run['total ms'] < limit && run['again: created'] === 0)
	return [
		`Run ${when(results.date)}: ${met.length === runs.length ? '**every target met**' : `**${runs.length - met.length} of ${runs.length} databases missed**`} (the whole import under ${number(limit / 1000)} s on each database, and the same file again creating no one).`,
		table(
			[
				'database',
				'rows',
				'upload → preview (ms)',
				'job (ms)',
				'in all (ms)',
				'again: preview (ms)',
				'again: job (ms)',
				'again: created',
				'export (ms)',
				'export (KB)',
			],
			runs.map((run) => [
				run.database,
				number(run.rows),
				number(run['upload → preview ms']),
				number(run['confirm → done ms']),
				number(run['total ms']),
				number(run['again: preview ms']),
				number(run['again: job ms']),
				number(run['again: created']),
				number(run['export ms']),
				number(run['export KB']),
			]),
		),
	]
}

/** The servers' CPU seconds in a ramp per person who arrived (and signed in) in it. */
function perNewcomer(ramp) {
	if (!ramp?.newcomers || !ramp.cpuSeconds) return null
	const servers = ['app', 'api', 'postgres', 'redis']
	const total = servers.reduce((sum, name) => sum + (ramp.cpuSeconds[name] ?? 0), 0)
	return Number((total / ramp.newcomers).toFixed(3))
}

/** The busiest hour (bench/load.mjs): each shape's steps, and the most people it served. */
function loadMode(results) {
	const conditions = results.conditions ?? {}
	const lines = [
		`Run ${when(results.date)}${results.label ? ` ("${results.label}")` : ''}${results.commit ? `, commit ${results.commit}` : ''}, ${machine(results.machine)}: ${metLine(results.targets ?? [])}.`,
		`Model: ${results.model?.name ?? 'unknown'}${results.model?.notPlayed?.length ? ` (not played yet: ${results.model.notPlayed.join(', ')})` : ''}; school ×${conditions.scale} (${number(conditions.students)} pupils); each step measured over a hold of ${conditions.stepSeconds} s after its newcomers arrived, ${conditions.signInsPerSecond} a second, each signing in first (the ramp: its p95 and the servers' CPU seconds per newcomer are shown apart); the load generator ${conditions.loadGenerator ?? 'on the same machine'}. CPU in seconds per active user-hour, memory in MiB at the step's end, the machine's 1-minute load average at the hold's end (the machine is shared: latency measured under a high load average is pessimistic, CPU per user-hour stays meaningful).`,
	]
	for (const run of results.shapes ?? []) {
		if (run.notRun) {
			lines.push(`**${run.shape}**: not run (${run.notRun}).`)
			continue
		}
		const processes = run.processes
			? ` (${run.processes.app} app and ${run.processes.api} API processes: their CPU and memory are the sums)`
			: ''
		lines.push(
			`**${run.shape}**${run.processes?.app > 1 ? processes : ''}: ${number(run.served)} active people served; ${number(run.lostWrites)} of ${number(Object.values(run.acknowledgedWrites ?? {}).reduce((sum, count) => sum + count, 0))} acknowledged writes lost.`,
			table(
				[
					'people',
					'requests/s',
					'p50',
					'p95',
					'p99',
					'errors',
					'lost',
					'CPU app',
					'CPU API',
					'CPU PG',
					'CPU Redis',
					'CPU generator',
					'MiB app',
					'MiB API',
					'MiB PG',
					'ramp p95',
					'CPU s per newcomer',
					'load average',
				],
				run.steps.map((step) => [
					number(step.users),
					number(step.requestsPerSecond),
					number(step.p50Ms),
					number(step.p95Ms),
					number(step.p99Ms),
					number(step.errors),
					number(step.lostWrites),
					number(step.cpuSecondsPerUserHour?.app),
					number(step.cpuSecondsPerUserHour?.api),
					number(step.cpuSecondsPerUserHour?.postgres),
					number(step.cpuSecondsPerUserHour?.redis),
					number(step.cpuSecondsPerUserHour?.loadGenerator),
					number(step.memoryMiB?.app),
					number(step.memoryMiB?.api),
					number(step.memoryMiB?.postgres),
					number(step.ramp?.p95Ms),
					number(perNewcomer(step.ramp)),
					number(step.loadAverage?.[0]),
				]),
			),
		)
	}
	lines.push(targetsTable(results.targets ?? []))
	lines.push(...sizingLines(results))
	return lines
}

/** The sizing table derived from the run (bench/load/sizing.mjs; docs/deploy.md explains it). */
export function sizingLines(results) {
	const costs = measuredCosts(results)
	if (!costs) return []
	const names = Object.keys(costs.cpu)
	const label = { app: 'app', api: 'API', postgres: 'PostgreSQL', redis: 'Redis' }
	const size = (mib) =>
		mib >= 1024 ? `${(mib / 1024).toFixed(1)} GiB` : mib > 0 ? `${Math.ceil(mib)} MiB` : '–'
	const cores = (count) => `${count} core${count === 1 ? '' : 's'}`
	const schools = SCHOOLS.map((pupils) => sizeSchool({ pupils, ...costs }))
	const crowded = schools.filter((school) => school.postgresConnections >= POSTGRES_MAX_CONNECTIONS)
	return [
		`Sizing derived from this run: ${costs.perPupil.toFixed(2)} active people per pupil at the busiest moment (the model), CPU seconds per active user-hour (${names.map((name) => `${label[name] ?? name} ${costs.cpu[name]}`).join(', ')}: the dearer of the PostgreSQL shapes at the step each served), cores at most ${BUSY_SHARE * 100} % busy, one core per Node process, memory as measured base plus growth per person (PostgreSQL's sums its processes, each counting the shared buffers it touched: an upper bound), and the connections the API processes may hold to PostgreSQL (${POOL_PER_API_PROCESS} each, its pool and the session listener, against PostgreSQL's default \`max_connections\` of ${POSTGRES_MAX_CONNECTIONS}).`,
		table(
			[
				'pupils',
				'active at the peak',
				...names.map((name) => label[name] ?? name),
				'PostgreSQL connections',
			],
			schools.map((school) => [
				number(school.pupils),
				number(school.active),
				...names.map((name) => {
					const { cores, processes, memoryMiB } = school.processes[name]
					const count =
						name === 'app' || name === 'api'
							? ` in ${processes} process${processes === 1 ? '' : 'es'}`
							: ''
					return `${cores} cores${count}, ${size(memoryMiB)}`
				}),
				`${number(school.postgresConnections)} of ${POSTGRES_MAX_CONNECTIONS}`,
			]),
		),
		`In all: ${schools.map((school) => `${number(school.pupils)} pupils about ${cores(Math.ceil(Object.values(school.processes).reduce((sum, process) => sum + process.cores, 0)))} and ${size(Object.values(school.processes).reduce((sum, process) => sum + process.memoryMiB, 0))}`).join('; ')} (two apps and two APIs on Redis at least wherever a restart must not be seen).`,
		crowded.length === 0
			? `The next limit is the cores: no size here reaches PostgreSQL's ${POSTGRES_MAX_CONNECTIONS} connections.`
			: `The next limit after the cores is PostgreSQL's connections: at ${crowded.map((school) => number(school.pupils)).join(' and ')} pupils the API processes' pools reach its default \`max_connections\` (${POSTGRES_MAX_CONNECTIONS}, some kept for superusers), so raise it (each connection is a PostgreSQL process of its own) or put PgBouncer before it in session mode (in transaction mode the session listener hears nothing and every call reads its session again: decision 068).`,
	]
}

function otherMode(results) {
	const targets = Array.isArray(results.targets) ? results.targets : []
	return [
		`Run ${when(results.date)}${results.machine ? `, ${machine(results.machine)}` : ''}: ${metLine(targets)}.`,
		targetsTable(targets),
	]
}

const MODES = [
	{
		file: 'bench/results.json',
		title: 'Throughput, JavaScript, Lighthouse, memory',
		render: mainMode,
	},
	{ file: 'bench/scale-results.json', title: 'Big schools (data scale)', render: scaleMode },
	{ file: 'bench/roster-results.json', title: 'Roster import', render: rosterMode },
	{ file: 'bench/results-load.json', title: 'The busiest hour (load model)', render: loadMode },
]

/** Every results file in bench/: the known modes first, then any other in name order. */
function resultsFiles(root) {
	const known = MODES.map((mode) => mode.file)
	const others = readdirSync(join(root, 'bench'))
		.filter((name) => /^results.*\.json$|-results\.json$/.test(name))
		.map((name) => `bench/${name}`)
		.filter((file) => !known.includes(file))
		.sort()
	return [
		...MODES.filter((mode) => existsSync(join(root, mode.file))),
		...others.map((file) => ({
			file,
			title: `Mode of \`${file.replace(/^bench\//, '')}\``,
			render: otherMode,
		})),
	]
}

/** The generated part of docs/performance.md, markers included. */
export function renderResults(root = REPOSITORY) {
	const sections = resultsFiles(root).map(({ file, title, render }) => {
		const results = JSON.parse(readFileSync(join(root, file), 'utf8'))
		return [`### ${title}`, `From [\`${file}\`](../${file}).`, ...render(results)].join('\n\n')
	})
	return [
		START,
		'<!-- Do not edit by hand: run the bench, or `node bench/lib/performance-doc.mjs`. -->',
		'',
		...sections.flatMap((section) => [section, '']),
		END,
	].join('\n')
}

/** The page's text with its generated part made again from the results files. */
export function performanceDoc(text, root = REPOSITORY) {
	const start = text.indexOf(START)
	const end = text.indexOf(END)
	if (start === -1 || end < start) throw new Error(`${DOC} has lost its markers: ${START} … ${END}`)
	return text.slice(0, start) + renderResults(root) + text.slice(end + END.length)
}

/** docs/deploy.md's sizing table, made from the busiest hour's committed run as the page's is. */
export const DEPLOY_DOC = 'docs/deploy.md'
export const SIZING_START = '<!-- sizing: start (made by bench/lib/performance-doc.mjs) -->'
export const SIZING_END = '<!-- sizing: end -->'

/** The deploy guide's text with its sizing table made again from bench/results-load.json. */
export function deployDoc(text, root = REPOSITORY) {
	const start = text.indexOf(SIZING_START)
	const end = text.indexOf(SIZING_END)
	if (start === -1 || end < start)
		throw new Error(`${DEPLOY_DOC} has lost its markers: ${SIZING_START} … ${SIZING_END}`)
	const file = join(root, 'bench/results-load.json')
	const lines = existsSync(file) ? sizingLines(JSON.parse(readFileSync(file, 'utf8'))) : []
	return (
		text.slice(0, start) +
		[SIZING_START, '', ...lines.flatMap((line) => [line, '']), SIZING_END].join('\n') +
		text.slice(end + SIZING_END.length)
	)
}

/** Writes docs/performance.md's results again; each bench mode calls it after its results file. */
export function updatePerformanceDoc(root = REPOSITORY) {
	const path = join(root, DOC)
	const before = readFileSync(path, 'utf8')
	const after = performanceDoc(before, root)
	if (after !== before) writeFileSync(path, after)
	console.log(`${DOC}: the latest results ${after === before ? 'unchanged' : 'written'}.`)
	const deployPath = join(root, DEPLOY_DOC)
	const guide = readFileSync(deployPath, 'utf8')
	const sized = deployDoc(guide, root)
	if (sized !== guide) writeFileSync(deployPath, sized)
	console.log(`${DEPLOY_DOC}: the sizing table ${sized === guide ? 'unchanged' : 'written'}.`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) updatePerformanceDoc()
