// `npm test`: everything CI checks, with one closing line "N passed, N failed". Checks that are
// not test runners (typecheck, lint, format, build) count as one test each.
//
// The static checks and the build run side by side (tsc and ESLint each keep one core busy), each
// keeping its output until it ends so no two interleave; the test suites then run one after
// another, each using every core (Vitest's workers, Playwright's). At the end: the time of
// each step and the ten slowest tests, so a regression shows in every run (issue 25).
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { postgresBinDir } from './temp-postgres.mjs'

const results = { passed: 0, failed: 0, skipped: 0 }
const failures = []
/** { label, seconds } of each step, in the order they ended. */
const timings = []
/** { label, seconds } of every test, from the runners' JSON reports. */
const tests = []
const started = Date.now()

/** The machine's busy and total CPU ticks so far (Linux), to say how busy a phase kept it. */
function cpuTicks() {
	try {
		const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/)
		const ticks = fields.slice(1).map(Number)
		const all = ticks.reduce((sum, tick) => sum + tick, 0)
		return { busy: all - ticks[3] - ticks[4], all }
	} catch {
		return undefined
	}
}

/** Runs one step; `alongside` keeps its output until it ends, for steps run side by side. */
function run(label, command, args, { env = {}, alongside = false } = {}) {
	const begun = Date.now()
	const announce = `=== ${label}: ${command} ${args.join(' ')}`
	if (!alongside) console.log(`\n${announce}`)
	const child = spawn(command, args, {
		stdio: alongside ? ['ignore', 'pipe', 'pipe'] : 'inherit',
		env: { ...process.env, FORCE_COLOR: '0', ...env },
	})
	const output = []
	child.stdout?.on('data', (chunk) => output.push(chunk))
	child.stderr?.on('data', (chunk) => output.push(chunk))
	return new Promise((resolve) => {
		child.on('close', (status) => {
			const seconds = (Date.now() - begun) / 1000
			timings.push({ label, seconds })
			if (alongside) process.stdout.write(`\n${announce}\n${Buffer.concat(output)}`)
			console.log(
				`=== ${label}: ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${seconds.toFixed(1)} s`,
			)
			resolve(status === 0)
		})
	})
}

/** Steps run side by side; says how busy they kept the machine's cores. */
async function together(label, steps) {
	const before = cpuTicks()
	const begun = Date.now()
	const outcomes = await Promise.all(steps.map((step) => step()))
	const after = cpuTicks()
	if (before && after) {
		const busy = (100 * (after.busy - before.busy)) / (after.all - before.all)
		console.log(
			`=== ${label}: ${((Date.now() - begun) / 1000).toFixed(1)} s, cores ${busy.toFixed(0)} % busy`,
		)
	}
	return outcomes
}

function countCheck(label, ok) {
	if (ok) results.passed++
	else {
		results.failed++
		failures.push(label)
	}
	return ok
}

function countVitest(label, file, ok) {
	if (existsSync(file)) {
		const report = JSON.parse(readFileSync(file, 'utf8'))
		results.passed += report.numPassedTests
		results.failed += report.numFailedTests
		results.skipped += report.numPendingTests + report.numTodoTests
		for (const testFile of report.testResults) {
			const name = testFile.name.replace(`${process.cwd()}/`, '')
			for (const test of testFile.assertionResults)
				tests.push({
					label: `${label}: ${name} › ${test.title}`,
					seconds: (test.duration ?? 0) / 1000,
				})
		}
	} else results.failed++
	if (!ok || !existsSync(file)) failures.push(label)
}

function countPlaywright(label, file, ok) {
	if (existsSync(file)) {
		const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'))
		results.passed += stats.expected + stats.flaky
		results.failed += stats.unexpected
		results.skipped += stats.skipped
		const walk = (suite) => {
			for (const spec of suite.specs ?? [])
				for (const test of spec.tests)
					for (const result of test.results)
						tests.push({
							label: `[${test.projectName}] ${spec.file} › ${spec.title}`,
							seconds: result.duration / 1000,
						})
			for (const child of suite.suites ?? []) walk(child)
		}
		for (const suite of suites) walk(suite)
	} else results.failed++
	if (!ok || !existsSync(file)) failures.push(label)
}

const bin = (name) => `node_modules/.bin/${name}`
const vitestReport = (file) => ['--reporter=default', '--reporter=json', `--outputFile=${file}`]
rmSync('test-results', { recursive: true, force: true })

// tsc and ESLint each keep one core busy; the build and prettier fit beside them.
await together('static checks and build', [
	async () =>
		countCheck(
			'typecheck',
			await run('typecheck', 'npm', ['run', '--silent', 'typecheck'], { alongside: true }),
		),
	async () => {
		countCheck('lint', await run('lint', 'npm', ['run', '--silent', 'lint'], { alongside: true }))
		countCheck(
			'format',
			await run('format', bin('prettier'), ['--check', '--log-level=warn', '.'], {
				alongside: true,
			}),
		)
		return countCheck(
			'build',
			await run('build', 'npm', ['run', '--silent', 'build'], { alongside: true }),
		)
	},
])
const built = !failures.includes('build')

const unitFile = 'test-results/vitest.json'
countVitest(
	'unit and API tests',
	unitFile,
	await run('unit and API tests', bin('vitest'), ['run', ...vitestReport(unitFile)]),
)

// The API suite again on a real PostgreSQL (a throwaway cluster on loopback), where one is
// installed: .ci/run installs Debian's postgresql. Its results count beside the PGlite run's.
// Not beside the PGlite run: the suites' waits on timers (rate limits, lock take-overs, room
// restarts) are measured in seconds, and four test processes on two cores stretched them.
if (postgresBinDir()) {
	const file = 'test-results/vitest-postgres.json'
	const ok = await run('API tests on PostgreSQL', process.execPath, [
		'scripts/api-tests-postgres.mjs',
		...vitestReport(file),
	])
	countVitest('API tests on PostgreSQL', file, ok)
} else
	console.log(
		'\n=== API tests on PostgreSQL: skipped, PostgreSQL is not installed (apt-get install postgresql)',
	)

if (built) {
	// Two API and two app processes on a real PostgreSQL and Redis (multiprocess/cluster.ts). It skips,
	// saying why, only where Debian's postgresql or redis-server is not installed (.ci/run installs them).
	const file = 'test-results/multiprocess.json'
	const ok = await run('multi-process suite', bin('vitest'), [
		'run',
		'-c',
		'vitest.multiprocess.config.ts',
		...vitestReport(file),
	])
	countVitest('multi-process suite', file, ok)

	const playwright = async (label, projects, outputDir) => {
		const ok = await run(
			label,
			bin('playwright'),
			['test', ...projects.map((name) => `--project=${name}`)],
			{ env: { E2E_OUTPUT_DIR: outputDir } },
		)
		countPlaywright(label, `${outputDir}/e2e.json`, ok)
	}
	// Alone and first, on fresh servers: it tells the interface's words from the data it knows.
	await playwright('the pseudo-locale over every page', ['pseudo'], 'test-results/pseudo')
	await playwright(
		'browser journeys (JavaScript on and off) and HTTP checks',
		['js', 'no-js', 'http'],
		'test-results',
	)
	// Alone, so its 200 connections slow down no journey.
	await playwright('load', ['load'], 'test-results/load')
} else console.log('\n=== multi-process suite, journeys and load test: skipped, the build failed')

const minutes = (seconds) =>
	`${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`
console.log(`\n=== Time of each step (${minutes((Date.now() - started) / 1000)} in all)`)
for (const { label, seconds } of timings)
	console.log(`${seconds.toFixed(1).padStart(8)} s  ${label}`)
console.log('\n=== The ten slowest tests')
for (const { label, seconds } of tests.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
	console.log(`${seconds.toFixed(1).padStart(8)} s  ${label}`)

if (failures.length) console.log(`\nFailed: ${[...new Set(failures)].join(', ')}`)
console.log(
	`\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`,
)
process.exit(results.failed || failures.length ? 1 : 0)
