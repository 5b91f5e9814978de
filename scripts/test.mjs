// `npm test`: everything CI checks, in order of cost, with one closing line "N passed, N failed".
// Checks that are not test runners (typecheck, lint, build) count as one test each.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { postgresBinDir } from './temp-postgres.mjs'

const results = { passed: 0, failed: 0, skipped: 0 }
const failures = []

function run(label, command, args, env = {}) {
	console.log(`\n=== ${label}: ${command} ${args.join(' ')}`)
	const started = Date.now()
	const { status } = spawnSync(command, args, {
		stdio: 'inherit',
		env: { ...process.env, FORCE_COLOR: '0', ...env },
	})
	console.log(
		`=== ${label}: ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
	)
	return status === 0
}

function check(label, command, args) {
	if (run(label, command, args)) results.passed++
	else {
		results.failed++
		failures.push(label)
	}
}

function countVitest(file) {
	if (!existsSync(file)) return false
	const report = JSON.parse(readFileSync(file, 'utf8'))
	results.passed += report.numPassedTests
	results.failed += report.numFailedTests
	results.skipped += report.numPendingTests + report.numTodoTests
	return true
}

function countPlaywright(file) {
	if (!existsSync(file)) return false
	const { stats } = JSON.parse(readFileSync(file, 'utf8'))
	results.passed += stats.expected + stats.flaky
	results.failed += stats.unexpected
	results.skipped += stats.skipped
	return true
}

const bin = (name) => `node_modules/.bin/${name}`
rmSync('test-results', { recursive: true, force: true })

check('typecheck', 'npm', ['run', '--silent', 'typecheck'])
check('lint', 'npm', ['run', '--silent', 'lint'])
check('format', bin('prettier'), ['--check', '--log-level=warn', '.'])

const unitOk = run('unit and API tests', bin('vitest'), [
	'run',
	'--reporter=default',
	'--reporter=json',
	'--outputFile=test-results/vitest.json',
])
if (!countVitest('test-results/vitest.json') || !unitOk) {
	if (!existsSync('test-results/vitest.json')) results.failed++
	failures.push('unit and API tests')
}

// The API suite again on a real PostgreSQL (a throwaway cluster on loopback), where one is
// installed: .ci/run installs Debian's postgresql. Its results count beside the PGlite run's.
if (postgresBinDir()) {
	const report = 'test-results/vitest-postgres.json'
	const ok = run('API tests on PostgreSQL', process.execPath, [
		'scripts/api-tests-postgres.mjs',
		'--reporter=default',
		'--reporter=json',
		`--outputFile=${report}`,
	])
	if (!countVitest(report) || !ok) {
		if (!existsSync(report)) results.failed++
		failures.push('API tests on PostgreSQL')
	}
} else
	console.log(
		'\n=== API tests on PostgreSQL: skipped, PostgreSQL is not installed (apt-get install postgresql)',
	)

const built = run('build', 'npm', ['run', '--silent', 'build'])
if (built) results.passed++
else {
	results.failed++
	failures.push('build')
}

function playwright(label, projects, outputDir) {
	const ok = run(
		label,
		bin('playwright'),
		['test', ...projects.map((name) => `--project=${name}`)],
		{ E2E_OUTPUT_DIR: outputDir },
	)
	const report = `${outputDir}/e2e.json`
	if (!countPlaywright(report) || !ok) {
		if (!existsSync(report)) results.failed++
		failures.push(label)
	}
}

if (built) {
	// Two API and two app processes on a real PostgreSQL and Redis (multiprocess/cluster.ts). It skips,
	// saying why, only where Debian's postgresql or redis-server is not installed (.ci/run installs them).
	const multiOk = run('multi-process suite', bin('vitest'), [
		'run',
		'-c',
		'vitest.multiprocess.config.ts',
		'--reporter=default',
		'--reporter=json',
		'--outputFile=test-results/multiprocess.json',
	])
	if (!countVitest('test-results/multiprocess.json') || !multiOk) {
		if (!existsSync('test-results/multiprocess.json')) results.failed++
		failures.push('multi-process suite')
	}
	playwright(
		'browser journeys (JavaScript on and off) and HTTP checks',
		['js', 'no-js', 'http'],
		'test-results',
	)
	// Alone, so its 200 connections slow down no journey.
	playwright('load', ['load'], 'test-results/load')
}

if (failures.length) console.log(`\nFailed: ${[...new Set(failures)].join(', ')}`)
console.log(
	`\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`,
)
process.exit(results.failed || failures.length ? 1 : 0)
