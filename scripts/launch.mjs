// Starts the reference API, waits until it answers, then the built app pointed at it.
// Used by `npm start` and by the Playwright web server, so both run the product the same way.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Session secrets for a local run: generated once and kept, so sessions survive restarts. */
function localSecrets(dataDir) {
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
	const stop = () => {
		for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
	}

	const secrets = localSecrets(dataDir)
	// The app vouches for its browsers' addresses to the API with this (an operator's own wins).
	const proxySecret = process.env.API_PROXY_SECRET ?? secrets.API_PROXY_SECRET
	let apiUrl = process.env.API_URL
	if (!apiUrl) {
		const api = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
			stdio,
			env: {
				// Links in mails open the app this launch serves, unless an operator names its public origin.
				PUBLIC_URL: `http://localhost:${appPort}`,
				...process.env,
				API_PORT: String(apiPort),
				API_HOST: '127.0.0.1',
				DATA_DIR: dataDir,
				API_PROXY_SECRET: proxySecret,
				...env,
			},
		})
		children.push(api)
		apiUrl = `http://127.0.0.1:${apiPort}`
		await listening(api, 'The API')
	}

	// Each page render makes many short-lived objects: a larger young generation collects them in
	// fewer, cheaper scavenges (about a tenth more pages per second under load, measured by bench).
	const nodeArgs = ['--max-semi-space-size=32']
	// server.mjs starts Sentry itself when SENTRY_DSN is set (instrument.server.mjs).
	const buildDir = process.env.BUILD_DIR ?? 'build'
	const app = spawn(process.execPath, [...nodeArgs, 'server.mjs', `${buildDir}/server/index.js`], {
		stdio,
		env: {
			NODE_ENV: 'production',
			...secrets,
			...process.env,
			API_PROXY_SECRET: proxySecret,
			API_URL: apiUrl,
			PORT: String(appPort),
			HOST: host,
			...env,
		},
	})
	children.push(app)
	try {
		await listening(app, 'The app')
	} catch (error) {
		stop()
		throw error
	}

	for (const child of children) {
		child.on('exit', (code) => {
			stop()
			process.exitCode = code ?? 1
		})
	}
	for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop)
	return {
		apiUrl,
		appUrl: `http://${host === '0.0.0.0' ? 'localhost' : host}:${appPort}`,
		appPid: app.pid,
		stop,
	}
}
