// Starts the reference API, waits until it answers, then the built app pointed at it.
// Used by `npm start` and by the Playwright web server, so both run the product the same way.
//
// Stopping (SIGINT, SIGTERM, or one child exiting): the app is told first and the API once the
// app has exited, so requests the app is finishing can still reach the API; the launcher exits
// when both have. The children stay in the launcher's process group, so whatever kills the group
// (a test runner's SIGKILL) leaves none behind; a terminal's Ctrl+C reaches all three at once
// (docs/decisions/032).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Session secrets for a local run: generated once and kept, so sessions survive restarts. Never
 * in production (NODE_ENV=production): there the operator gives them, or the app refuses to start.
 */
function localSecrets(dataDir) {
	if (process.env.NODE_ENV === 'production') return {}
	const file = join(dataDir, 'app-secrets.json')
	if (existsSync(file)) {
		const kept = JSON.parse(readFileSync(file, 'utf8'))
		// Made before the API learned to trust the app's client address: add its secret.
		if (kept.API_PROXY_SECRET) return kept
		const upgraded = { ...kept, API_PROXY_SECRET: randomBytes(32).toString('hex') }
		writeFileSync(file, JSON.stringify(upgraded), { mode: 0o600 })
		return upgraded
	}
	const secrets = {
		SESSION_SECRET: randomBytes(32).toString('hex'),
		TOAST_SECRET: randomBytes(32).toString('hex'),
		API_PROXY_SECRET: randomBytes(32).toString('hex'),
	}
	mkdirSync(dataDir, { recursive: true })
	writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 })
	return secrets
}

/**
 * Waits for the child to say it listens (over the IPC channel). Polling the port instead would
 * take an answer from another copy already on it for this one's.
 */
function listening(child, name, timeoutMs = 180_000) {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error(`${name} did not start within ${timeoutMs / 1000} s`)),
			timeoutMs,
		)
		const settle = (error) => {
			clearTimeout(timer)
			child.off('message', onMessage)
			child.off('exit', onExit)
			if (error) reject(error)
			else resolve()
		}
		const onMessage = (message) => message === 'listening' && settle()
		const onExit = (code) => settle(new Error(`${name} exited with code ${code}`))
		child.on('message', onMessage)
		child.on('exit', onExit)
	})
}

/**
 * `npm run <script>` as a child, with the npm that runs this script (npm_execpath) when there is
 * one, else the npm on PATH; resolves with the child once it has exited.
 */
export function npmRun(script, options = {}) {
	const npm = process.env.npm_execpath
	const [command, prefix] = npm ? [process.execPath, [npm]] : ['npm', []]
	const child = spawn(command, [...prefix, 'run', '--silent', script], {
		stdio: 'inherit',
		...options,
	})
	const exited = new Promise((resolve) => child.on('exit', () => resolve(child)))
	return { child, exited }
}

export async function launch({
	appPort,
	apiPort,
	host = '127.0.0.1',
	dataDir,
	env = {},
	quiet = false,
}) {
	// The fourth stream is the IPC channel a child says 'listening' on.
	const stdio = [quiet ? 'ignore' : 'inherit', quiet ? 'ignore' : 'inherit', 'inherit', 'ipc']
	const children = []
	const exited = (child) =>
		child.exitCode !== null || child.signalCode !== null
			? Promise.resolve()
			: new Promise((resolve) => child.once('exit', resolve))
	let stopping
	/** The app first, then the API (children in reverse order of start); resolves when all exited. */
	const stop = () =>
		(stopping ??= (async () => {
			for (const child of [...children].reverse()) {
				if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
				await exited(child)
			}
		})())
	const onSignal = () => {
		void stop().then(() => process.exit(process.exitCode ?? 0))
	}
	for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, onSignal)
	const start = (args, env) => {
		const child = spawn(process.execPath, args, { stdio, env })
		children.push(child)
		return child
	}
	// One public origin for both: the app's own addresses and the links in the API's mails.
	const publicUrl =
		env.PUBLIC_URL ??
		process.env.PUBLIC_URL ??
		(process.env.NODE_ENV === 'production' ? undefined : `http://localhost:${appPort}`)
	const publicEnv = publicUrl ? { PUBLIC_URL: publicUrl } : {}

	const secrets = localSecrets(dataDir)
	// The app vouches for its browsers' addresses to the API with this (an operator's own wins).
	const proxySecret = process.env.API_PROXY_SECRET ?? secrets.API_PROXY_SECRET
	let apiUrl = process.env.API_URL
	let apiPid
	if (!apiUrl) {
		const api = start(['api/src/main.ts'], {
			...process.env,
			...publicEnv,
			API_PORT: String(apiPort),
			API_HOST: '127.0.0.1',
			DATA_DIR: dataDir,
			API_PROXY_SECRET: proxySecret,
			...env,
		})
		apiUrl = `http://127.0.0.1:${apiPort}`
		apiPid = api.pid
		await listening(api, 'The API')
	}

	// Each page render makes many short-lived objects: a larger young generation collects them in
	// fewer, cheaper scavenges (about a tenth more pages per second under load, measured by bench).
	const nodeArgs = ['--max-semi-space-size=32']
	// server.mjs starts Sentry itself when SENTRY_DSN is set (instrument.server.mjs).
	const buildDir = process.env.BUILD_DIR ?? 'build'
	const app = start([...nodeArgs, 'server.mjs', `${buildDir}/server/index.js`], {
		NODE_ENV: 'production',
		...secrets,
		...process.env,
		...publicEnv,
		API_PROXY_SECRET: proxySecret,
		API_URL: apiUrl,
		PORT: String(appPort),
		HOST: host,
		...env,
	})
	try {
		await listening(app, 'The app')
	} catch (error) {
		await stop()
		throw error
	}

	// One child stopping on its own stops the other, and the launcher with its exit code.
	for (const child of children) {
		child.on('exit', (code) => {
			if (stopping) return
			process.exitCode = code ?? 1
			onSignal()
		})
	}
	return {
		apiUrl,
		appUrl: `http://${host === '0.0.0.0' ? 'localhost' : host}:${appPort}`,
		appPid: app.pid,
		// The API this launch started (none when API_URL points at another).
		apiPid,
		stop,
	}
}
