// `node bench/profile.mjs [path] [seconds]`: where a page's time goes under load. Starts the API
// and the built app with V8's CPU profiler (--cpu-prof), loads the page at 50 connections as the
// demo teacher, stops both, and prints each process's self time by where the code comes from
// (React's renderer, React Router, the fetch client, the session's crypto, the app's own code…).
// The .cpuprofile files stay in the printed folder for Chrome DevTools. Run `npm run build` first.
//
// Env: PROFILE_COOKIE=0 loads the page as a visitor; extra request headers as PROFILE_HEADERS (JSON).
import autocannon from 'autocannon'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { launch } from '../scripts/launch.mjs'
import { logIn } from './lib/http.mjs'

const [path = '/teachersdashboard', seconds = '10'] = process.argv.slice(2)
const profileDir = mkdtempSync(join(os.tmpdir(), 'tutorhub-profile-'))
const dataDir = mkdtempSync(join(os.tmpdir(), 'tutorhub-profile-data-'))
// Children inherit it; this process (the load generator) is not profiled.
process.env.NODE_OPTIONS =
	`${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}`.trim()

const product = await launch({ appPort: 3470, apiPort: 4470, dataDir, quiet: true })
delete process.env.NODE_OPTIONS
try {
	const headers = JSON.parse(process.env.PROFILE_HEADERS ?? '{}')
	if (process.env.PROFILE_COOKIE !== '0')
		headers.Cookie = await logIn(product.appUrl, 'teacher@example.com', 'DemoPass123!')
	await autocannon({ url: `${product.appUrl}${path}`, connections: 50, duration: 2, headers })
	const run = await autocannon({
		url: `${product.appUrl}${path}`,
		connections: 50,
		duration: Number(seconds),
		headers,
	})
	console.log(
		`${path}: ${Math.round(run.requests.average)} requests/s, p99 ${run.latency.p99} ms, ${run.non2xx} non-2xx, ${run.errors} errors`,
	)
} finally {
	product.stop()
	// Each process writes its profile as it exits, which takes a while on a busy machine.
	for (let waited = 0; waited < 20_000; waited += 250) {
		if (readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile')).length >= 2) break
		await sleep(250)
	}
	await sleep(500)
	rmSync(dataDir, { recursive: true, force: true })
}

/** Where a function's code comes from, by its script's URL. */
function origin(url, name) {
	if (!url)
		return name === '(garbage collector)'
			? 'GC'
			: name === '(program)' || name === '(idle)'
				? name
				: 'V8 / native'
	const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1]
	if (pkg) return pkg
	if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`
	if (url.includes('/build/server/')) return 'app (server build)'
	if (url.includes('/api/src/')) return 'api (own code)'
	return url.replace(/^file:\/\/[^ ]*\/(?=[^/]+\/[^/]+$)/, '')
}

for (const file of readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'))) {
	const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8'))
	const selfMs = new Map()
	const byId = new Map(profile.nodes.map((node) => [node.id, node]))
	const intervals = profile.timeDeltas
	for (let index = 0; index < profile.samples.length; index++) {
		const node = byId.get(profile.samples[index])
		const key = origin(node.callFrame.url, node.callFrame.functionName)
		selfMs.set(key, (selfMs.get(key) ?? 0) + (intervals[index] ?? 0) / 1000)
	}
	const total = [...selfMs.entries()]
		.filter(([key]) => key !== '(idle)')
		.reduce((sum, [, ms]) => sum + ms, 0)
	const main = profile.nodes.some((node) => /server\.mjs$/.test(node.callFrame.url)) ? 'app' : 'api'
	console.log(`\n${main} (${file}): ${Math.round(total)} ms busy`)
	console.table(
		[...selfMs.entries()]
			.filter(([key]) => key !== '(idle)')
			.sort((a, b) => b[1] - a[1])
			.slice(0, 18)
			.map(([where, ms]) => ({
				where,
				ms: Math.round(ms),
				share: `${((ms / total) * 100).toFixed(1)} %`,
			})),
	)
}
console.log(`Profiles: ${profileDir}`)
