import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { onTestFinished } from 'vitest'
import { ResponseCache } from './upstream-cache.server'
import { createUpstream, type SessionChange, type UpstreamOptions } from './upstream.server'

// Shared by the upstream client's tests (upstream.test.ts, upstream-stream.test.ts): a real local
// HTTP server that records each request and answers as each test tells it, and a client for it.

/** A request the server received. */
export type Hit = { method: string; path: string; headers: IncomingHttpHeaders; body: string }
export type Handler = (hit: Hit, res: ServerResponse, hits: Hit[]) => void

/** A real upstream on a free port; every request is recorded before the handler answers. */
export async function upstreamServer(handler: Handler) {
	const hits: Hit[] = []
	const server = createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on('data', (chunk: Buffer) => chunks.push(chunk))
		req.on('end', () => {
			const hit = {
				method: req.method ?? '',
				path: req.url ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			}
			hits.push(hit)
			handler(hit, res, hits)
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	onTestFinished(async () => {
		server.closeAllConnections()
		await new Promise((resolve) => server.close(resolve))
	})
	const { port } = server.address() as AddressInfo
	const count = (path: string) => hits.filter((hit) => hit.path === path).length
	return { baseUrl: `http://127.0.0.1:${port}/api/v1`, hits, count }
}

/** A client of that server, signed in as 'u1' with an access token the server may refuse. */
export function client(baseUrl: string, overrides: Partial<UpstreamOptions> = {}) {
	const changes: SessionChange[] = []
	const upstream = createUpstream({
		baseUrl,
		timeoutMs: 2000,
		userKey: 'u1',
		tokens: { accessToken: 'old-access', refreshToken: 'r1' },
		cookies: { refreshToken: 'r1' },
		onSessionChange: (change) => changes.push(change),
		cache: new ResponseCache(),
		retryDelayMs: () => 1,
		...overrides,
	})
	return { upstream, changes }
}

/** The error a call fails with; the test fails if the call succeeds. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
	try {
		await promise
	} catch (error) {
		return error
	}
	throw new Error('expected the call to fail')
}
