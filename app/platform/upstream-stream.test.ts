import type { ServerResponse } from 'node:http'
import { expect, test } from 'vitest'
import { SessionExpiredError, UpstreamError } from './upstream-errors'
import { client, failure, upstreamServer } from './upstream-test-server'

const FILE = Buffer.from('%PDF-1.4 binary \u0000\u00ff bytes')

function sendFile(res: ServerResponse) {
	res.writeHead(200, {
		'Content-Type': 'application/pdf',
		'Content-Disposition': 'attachment; filename="a.pdf"',
	})
	res.end(FILE)
}

test('stream passes the bytes and headers on, with the bearer and query', async () => {
	const server = await upstreamServer((_hit, res) => sendFile(res))
	const { upstream } = client(server.baseUrl)
	const response = await upstream.stream('/tasks/t1/attachment', {
		query: { b: 2, a: 1 },
		fallback: 'Failed',
	})
	expect(response.headers.get('content-type')).toBe('application/pdf')
	expect(response.headers.get('content-disposition')).toBe('attachment; filename="a.pdf"')
	expect(Buffer.from(await response.arrayBuffer())).toEqual(FILE)
	expect(server.hits).toHaveLength(1)
	expect(server.hits[0]?.path).toBe('/api/v1/tasks/t1/attachment?a=1&b=2')
	expect(server.hits[0]?.headers.authorization).toBe('Bearer old-access')
	expect(server.hits[0]?.headers.accept).toBe('*/*')
})

test('stream refreshes on a 403 and replays once with the new bearer', async () => {
	const server = await upstreamServer((hit, res) => {
		if (hit.path.endsWith('/auth/refresh-token')) {
			res.writeHead(200, { 'Content-Type': 'application/json' })
			return res.end(JSON.stringify({ token: 'new-access' }))
		}
		if (hit.headers.authorization === 'Bearer new-access') return sendFile(res)
		res.writeHead(403, { 'Content-Type': 'application/json' })
		res.end(JSON.stringify({ message: 'Access token is missing or expired' }))
	})
	const { upstream, changes } = client(server.baseUrl)
	const response = await upstream.stream('/tasks/submissions/s1/file', { fallback: 'Failed' })
	expect(Buffer.from(await response.arrayBuffer())).toEqual(FILE)
	expect(server.hits.map((hit) => hit.path)).toEqual([
		'/api/v1/tasks/submissions/s1/file',
		'/api/v1/auth/refresh-token',
		'/api/v1/tasks/submissions/s1/file',
	])
	expect(changes.at(-1)?.tokens).toEqual({ accessToken: 'new-access', refreshToken: 'r1' })
})

test('stream ends the session when the refresh is refused', async () => {
	const server = await upstreamServer((hit, res) => {
		res.writeHead(hit.path.endsWith('/auth/refresh-token') ? 401 : 403, {
			'Content-Type': 'application/json',
		})
		res.end(JSON.stringify({ message: 'no' }))
	})
	const { upstream } = client(server.baseUrl)
	const error = await failure(upstream.stream('/tasks/t1/attachment', { fallback: 'Failed' }))
	expect(error).toBeInstanceOf(SessionExpiredError)
	expect(upstream.tokens()).toBeNull()
})

test('a refusal answers an UpstreamError with the server message, or the fallback', async () => {
	const server = await upstreamServer((hit, res) => {
		if (hit.path.includes('missing')) {
			res.writeHead(404, { 'Content-Type': 'application/json' })
			return res.end(JSON.stringify({ message: 'File not found' }))
		}
		res.writeHead(500, { 'Content-Type': 'text/html' })
		res.end('<html>oops</html>')
	})
	const { upstream } = client(server.baseUrl)
	const notFound = await failure(
		upstream.stream('/tasks/missing/attachment', { fallback: 'Failed to fetch tasks' }),
	)
	expect(notFound).toBeInstanceOf(UpstreamError)
	expect(notFound).toMatchObject({ status: 404, text: 'File not found' })
	const broken = await failure(
		upstream.stream('/tasks/broken/attachment', { fallback: 'Failed to fetch tasks' }),
	)
	expect(broken).toMatchObject({ status: 500, text: 'Failed to fetch tasks' })
})

test('an upstream that never answers times out; one that is down is a network error', async () => {
	const server = await upstreamServer(() => {})
	const { upstream } = client(server.baseUrl, { timeoutMs: 200 })
	const timedOut = await failure(upstream.stream('/tasks/t1/attachment', { fallback: 'Failed' }))
	expect(timedOut).toMatchObject({ kind: 'timeout', text: 'Failed' })
	const down = client('http://127.0.0.1:9/api/v1').upstream
	expect(await failure(down.stream('/tasks/t1/attachment', { fallback: 'Failed' }))).toMatchObject({
		kind: 'network',
	})
})
