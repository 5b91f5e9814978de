// A fault-injecting proxy in front of the reference API, and a second app process (the production
// build) pointed at it, so a test can make the upstream fail in each way the app must survive:
// down (connection refused), slow past the timeout, answering 500, answering invalid JSON, or
// closing the connection in the middle of its answer.
import { spawn, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

export type FaultMode = 'pass' | 'down' | 'slow' | 'error-500' | 'invalid-json' | 'cut'

export type ProxiedRequest = { method: string; path: string; mode: FaultMode }

export type FaultProxy = {
	/** The proxy's origin: give it to the app as API_URL. */
	url: string
	port: number
	mode(): FaultMode
	/** Switches the fault; 'down' stops listening (connections are refused) until the next mode. */
	setMode(mode: FaultMode): Promise<void>
	/** Every request the proxy received, in order. */
	requests: ProxiedRequest[]
	close(): Promise<void>
}

/** What the reference API answers when it fails unexpectedly (api/src/platform/errors.ts). */
const internalError = JSON.stringify({ message: 'Internal server error' })

/**
 * Starts a proxy to `target` (an origin such as http://127.0.0.1:4310). Faults are made up by the
 * proxy itself and never reach the API, so a failed write stores nothing.
 */
export async function startFaultProxy({
	target,
	port = 0,
}: {
	target: string
	port?: number
}): Promise<FaultProxy> {
	const upstream = new URL(target)
	let mode: FaultMode = 'pass'
	const requests: ProxiedRequest[] = []
	const held = new Set<http.ServerResponse>()
	const sockets = new Set<Socket>()

	const server = http.createServer((request, response) => {
		const path = request.url ?? '/'
		requests.push({ method: request.method ?? 'GET', path, mode })
		switch (mode) {
			case 'pass':
				return forward(request, response)
			case 'slow':
				// Never answers: the app's own timeout has to end the call.
				held.add(response)
				response.on('close', () => held.delete(response))
				request.resume()
				return
			case 'error-500':
				request.resume()
				response.writeHead(500, {
					'Content-Type': 'application/json',
					'Content-Length': Buffer.byteLength(internalError),
				})
				return response.end(internalError)
			case 'invalid-json': {
				request.resume()
				const body = '{"courses": [{"id": "1", "title": "Alge'
				response.writeHead(200, {
					'Content-Type': 'application/json',
					'Content-Length': Buffer.byteLength(body),
				})
				return response.end(body)
			}
			case 'cut': {
				request.resume()
				// Promises a long body, sends the start of it, then drops the connection.
				response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '4096' })
				response.write('{"courses": [{"id": "1", "title": "Algebra"},')
				setTimeout(() => response.socket?.destroy(), 20)
				return
			}
			case 'down':
				// A request that slipped in while the listener was closing.
				return request.socket.destroy()
		}
	})
	server.on('connection', (socket) => {
		sockets.add(socket)
		socket.on('close', () => sockets.delete(socket))
	})
	server.on('clientError', (_error, socket) => socket.destroy())

	function forward(request: http.IncomingMessage, response: http.ServerResponse) {
		const headers = { ...request.headers, host: upstream.host }
		const outgoing = http.request(
			{
				hostname: upstream.hostname,
				port: upstream.port,
				method: request.method,
				path: request.url,
				headers,
			},
			(answer) => {
				response.writeHead(answer.statusCode ?? 502, answer.rawHeaders)
				answer.pipe(response)
			},
		)
		outgoing.on('error', () => {
			if (!response.headersSent) response.writeHead(502).end()
			else response.destroy()
		})
		request.pipe(outgoing)
	}

	async function listen(onPort: number) {
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject)
			server.listen(onPort, '127.0.0.1', () => {
				server.off('error', reject)
				resolve()
			})
		})
	}

	function dropConnections() {
		for (const response of held) response.destroy()
		for (const socket of sockets) socket.destroy()
	}

	await listen(port)
	const boundPort = (server.address() as AddressInfo).port

	return {
		url: `http://127.0.0.1:${boundPort}`,
		port: boundPort,
		mode: () => mode,
		requests,
		async setMode(next) {
			if (next === mode) return
			const wasDown = mode === 'down'
			mode = next
			if (next === 'down') {
				const closed = new Promise((resolve) => server.close(resolve))
				dropConnections()
				await closed
			} else if (wasDown) {
				await listen(boundPort)
			} else if (next === 'pass') {
				for (const response of held) response.destroy()
			}
		},
		async close() {
			if (!server.listening) return
			const closed = new Promise((resolve) => server.close(resolve))
			dropConnections()
			await closed
		},
	}
}

export type AppProcess = {
	url: string
	port: number
	child: ChildProcess
	/** Everything the process wrote to stderr (for a failing test's message). */
	stderr(): string
	/** The process is still running (it did not crash on a fault). */
	alive(): boolean
	stop(): Promise<void>
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
	const probe = http.createServer()
	await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
	const { port } = probe.address() as AddressInfo
	await new Promise((resolve) => probe.close(resolve))
	return port
}

/**
 * Starts the built app (server.mjs, as scripts/launch.mjs does) on `port` with its upstream at
 * `apiOrigin`; `env` overrides the defaults (a short UPSTREAM_TIMEOUT_MS, for instance).
 */
export async function startApp({
	apiOrigin,
	port,
	env = {},
}: {
	apiOrigin: string
	port?: number
	env?: Record<string, string>
}): Promise<AppProcess> {
	const appPort = port ?? (await freePort())
	const buildDir = process.env.BUILD_DIR ?? 'build'
	let stderr = ''
	const child = spawn(process.execPath, ['server.mjs', `${buildDir}/server/index.js`], {
		stdio: ['ignore', 'ignore', 'pipe'],
		env: {
			...process.env,
			NODE_ENV: 'production',
			SESSION_SECRET: 'fault-session-secret',
			TOAST_SECRET: 'fault-toast-secret',
			UPSTREAM_RETRY_DELAY_MS: '50',
			API_URL: apiOrigin,
			PUBLIC_URL: `http://127.0.0.1:${appPort}`,
			PORT: String(appPort),
			HOST: '127.0.0.1',
			SENTRY_DSN: '',
			...env,
		},
	})
	child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
		stderr = (stderr + chunk).slice(-20_000)
	})
	const url = `http://127.0.0.1:${appPort}`
	const deadline = Date.now() + 60_000
	for (;;) {
		if (child.exitCode !== null)
			throw new Error(`The app exited with code ${child.exitCode}:\n${stderr}`)
		try {
			const response = await fetch(`${url}/pricing`, { signal: AbortSignal.timeout(2000) })
			await response.arrayBuffer()
			if (response.ok) break
		} catch {
			// Not listening yet.
		}
		if (Date.now() > deadline) {
			child.kill('SIGKILL')
			throw new Error(`The app did not answer at ${url} within 60 s:\n${stderr}`)
		}
		await sleep(200)
	}
	return {
		url,
		port: appPort,
		child,
		stderr: () => stderr,
		alive: () => child.exitCode === null && child.signalCode === null,
		async stop() {
			if (child.exitCode !== null || child.signalCode !== null) return
			const exited = new Promise((resolve) => child.once('exit', resolve))
			child.kill('SIGTERM')
			const forced = setTimeout(() => child.kill('SIGKILL'), 3000)
			await exited
			clearTimeout(forced)
		},
	}
}
