// `node bench/scale-report.mjs`: every data-scale table, in Markdown, from
// bench/scale-results.json (what `BENCH_SCALE=1 npm run bench` wrote, runs of separate invocations
// merged by database and scale), with the targets evaluated again over every run in the file.
// docs/performance.md shows the times (bench/lib/performance-doc.mjs); this adds sizes, statements
// and memory.
import {
	BACKGROUND,
	DATABASES,
	evaluateTargets,
	GROWTH_FLOOR_MS,
	readResults,
} from './lib/scale-targets.mjs'

const NAMES = { pglite: 'PGlite', postgres: 'PG' }
const number = (value) =>
	typeof value === 'number' ? value.toLocaleString('en-US') : (value ?? '–')

const results = readResults()
const runs = DATABASES.flatMap((database) =>
	Object.keys(results.runs[database] ?? {})
		.map(Number)
		.sort((a, b) => a - b)
		.map((scale) => ({ database, scale, ...results.runs[database][scale] })),
)
if (runs.length === 0) throw new Error('bench/scale-results.json holds no run: run the bench first')
const pages = [...new Set(runs.flatMap((run) => run.rows.map((row) => row.page)))]
const rowOf = (run, page) => run.rows.find((row) => row.page === page)
const column = (run) => `${NAMES[run.database]} ×${run.scale}`
const table = (header, lines) =>
	[
		`| ${header.join(' | ')} |`,
		`|${header.map(() => '---').join('|')}|`,
		...lines.map((cells) => `| ${cells.join(' | ')} |`),
	].join('\n')

/** A page's time in one run: first / median, or what stood in for it. */
function time(row) {
	if (!row) return '–'
	if (row.status === BACKGROUND) return 'background'
	const job = /done in (.*)$/.exec(String(row.status))?.[1]
	if (job) return `${number(row.firstMs)} (job ${job})`
	const failed = row.status === 200 || row.status === 304 ? '' : ` (${row.status})`
	return `${number(row.firstMs)} / ${number(row.medianMs)}${failed}`
}

const dates = [...new Set(runs.map((run) => run.date?.slice(0, 16).replace('T', ' ')))]
console.log(
	`Runs: ${runs.map((run) => `${column(run)} (${run.date?.slice(0, 16).replace('T', ' ') ?? 'date unknown'} UTC)`).join(', ')}.`,
)
if (dates.length > 1) console.log('Separate runs, merged by database and scale.')
const commits = [...new Set(runs.map((run) => run.commit ?? 'unknown'))]
if (commits.length > 1)
	console.log(`The runs measured different commits (${commits.join(', ')}): compare with care.`)

console.log(
	'\nFirst answer / median of 7, in ms (a background export: its start, and the job’s own time; "background": the app offers the background export instead of the streamed file):\n',
)
console.log(
	table(
		['page', ...runs.map(column)],
		pages.map((page) => [`\`${page}\``, ...runs.map((run) => time(rowOf(run, page)))]),
	),
)

console.log(
	'\nSize of the answer in KB, and SQL statements the API ran for its first answer (`api_db_statements_total` read around it):\n',
)
console.log(
	table(
		['page', ...runs.map((run) => `KB ${column(run)}`), ...runs.map((run) => `st. ${column(run)}`)],
		pages.map((page) => [
			`\`${page}\``,
			...runs.map((run) => number(rowOf(run, page)?.kb)),
			...runs.map((run) => number(rowOf(run, page)?.statements)),
		]),
	),
)

console.log(
	'\nMemory (resident) of the app and the API before and after the rounds of the largest pages:\n',
)
for (const run of runs) {
	if (!run.memory) continue
	const { before, after, rounds, pages: large } = run.memory
	console.log(
		`- ${column(run)}: app ${before.appMiB} → ${after.appMiB} MiB, API ${before.apiMiB} → ${after.apiMiB} MiB (${rounds} rounds of ${large.map((page) => `\`${page}\``).join(', ')})`,
	)
}

const { targets, notChecked } = evaluateTargets(results)
const missed = targets.filter((item) => !item.met)
console.log(
	`\nTargets: ${targets.length - missed.length} of ${targets.length} met (growth compares medians of at least ${GROWTH_FLOOR_MS} ms).`,
)
if (missed.length)
	console.log(
		`\n${table(
			['missed', 'value', 'target'],
			missed.map((item) => [item.name, number(item.value), item.limit]),
		)}`,
	)
for (const line of notChecked) console.log(`- Not checked: ${line}.`)
