// `node bench/cpu-per-request.mjs`: the CPU time each server process spends per request, for the
// pages of `npm run bench`'s throughput rounds. On a shared machine requests per second follow
// the neighbours' load (the same page measured 150 and 500 a second an hour apart); the server's
// own CPU time per request does not, so its ratios to the route-table baseline hold when the
// machine is busy. It reads /proc (Linux) and needs the builds `npm run bench` makes (build/,
// bench/baseline/build/ and build-routes/). A figure beside the bench, not a target.
//
// `dashboardReloaded` is the dashboard as a reload asks for it (Cache-Control: no-cache): each of
// its calls goes to the API, so it shows what the app's upstream calls cost (decision 069).
//
// Env: CPU_REQUESTS (per page and round, 2000), CPU_ROUNDS (3), CPU_CONNECTIONS (10), CPU_PAGES
// (names of the pages to measure, comma-separated; the route table always).
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { launch } from '../scripts/launch.mjs'
import { logIn, median, waitUntilUp } from './lib/http.mjs'

const REQUESTS = Number(process.env.CPU_REQUESTS ?? 2000)
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 3)
// The throughput rounds of `npm run bench` use 50; the server's cost per request grows with what is in flight.
const CONNECTIONS = Number(process.env.CPU_CONNECTIONS ?? 10)
const PORTS = { app: 3490, api: 4490, baseline: 3491, routeTable: 3492 }
// Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux).
const TICKS = 100

/** User and system CPU time of a process so far, in ms. */
function cpuMs(pid) {
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
	return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS
}

const children = []
function serve(buildPath, port) {
	const bin = JSON.parse(readFileSync('node_modules/@react-router/serve/package.json', 'utf8')).bin[
		'react-router-serve'
	]
	const child = spawn(process.execPath, [`node_modules/@react-router/serve/${bin}`, buildPath], {
		stdio: 'ignore',
		env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1' },
	})
	children.push(child)
	return child
}

const dataDir = mkdtempSync(join(os.tmpdir(), 'tutorhub-cpu-'))
const product = await launch({ appPort: PORTS.app, apiPort: PORTS.api, dataDir, quiet: true })
try {
	const baseline = serve('bench/baseline/build/server/index.js', PORTS.baseline)
	const routeTable = serve('bench/baseline/build-routes/server/index.js', PORTS.routeTable)
	const baselineUrl = `http://127.0.0.1:${PORTS.baseline}`
	const routeTableUrl = `http://127.0.0.1:${PORTS.routeTable}`
	await waitUntilUp(baselineUrl)
	await waitUntilUp(routeTableUrl)
	const cookie = await logIn(product.appUrl, 'teacher@example.com', 'DemoPass123!')
	// The bench's pages (bench/run.mjs), each with the process that answers it.
	const pages = {
		baseline: [baseline.pid, `${baselineUrl}/`],
		routeTable: [routeTable.pid, `${routeTableUrl}/teachersdashboard`],
		home: [product.appPid, `${product.appUrl}/`],
		catalog: [product.appPid, `${product.appUrl}/courses`],
		dashboard: [product.appPid, `${product.appUrl}/teachersdashboard`, { Cookie: cookie }],
		catalogRendered: [product.appPid, `${product.appUrl}/courses`, { 'Cache-Control': 'no-cache' }],
		dashboardReloaded: [
			product.appPid,
			`${product.appUrl}/teachersdashboard`,
			{ Cookie: cookie, 'Cache-Control': 'no-cache' },
		],
	}
	const only = process.env.CPU_PAGES?.split(',')
	if (only)
		for (const name of Object.keys(pages))
			if (name !== 'routeTable' && !only.includes(name)) delete pages[name]
	const samples = {}
	for (let round = 1; round <= ROUNDS; round++) {
		for (const [name, [pid, url, headers = {}]] of Object.entries(pages)) {
			await autocannon({ url, connections: 10, amount: 300, headers }) // warm-up
			const before = cpuMs(pid)
			const run = await autocannon({ url, connections: CONNECTIONS, amount: REQUESTS, headers })
			const failed = run.non2xx + run.errors + run.timeouts
			if (failed) throw new Error(`${name}: ${failed} of ${run.requests.total} requests failed`)
			;(samples[name] ??= []).push((cpuMs(pid) - before) / run.requests.total)
		}
		console.log(`round ${round} of ${ROUNDS}`)
	}
	const routeTableMs = median(samples.routeTable)
	console.table(
		Object.fromEntries(
			Object.entries(samples).map(([name, perRequest]) => [
				name,
				{
					cpuMsPerRequest: Number(median(perRequest).toFixed(2)),
					rounds: perRequest.map((ms) => ms.toFixed(2)).join(' '),
					requestsPerCpuSecondOfRouteTable: Number((routeTableMs / median(perRequest)).toFixed(2)),
				},
			]),
		),
	)
	console.log(
		`Load average at the end: ${os
			.loadavg()
			.map((load) => load.toFixed(2))
			.join(' ')}`,
	)
} finally {
	for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
	await product.stop()
	await sleep(300)
	rmSync(dataDir, { recursive: true, force: true })
}
