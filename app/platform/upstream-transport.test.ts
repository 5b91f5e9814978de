import { expect, test } from 'vitest'
import { undiciTransport } from './upstream-transport.server'
import { failure, upstreamServer } from './upstream-test-server'

const get = (signal = AbortSignal.timeout(2000)) => ({
	method: 'GET',
	headers: { accept: 'application/json', 'x-request-id': 'r1' },
	signal,
})

test('undici calls reuse one kept-alive connection and read every Set-Cookie', async () => {
	const ports = new Set<number | undefined>()
	const server = await upstreamServer((_hit, res) => {
		ports.add(res.req.socket.remotePort)
		res.writeHead(200, {
			'Content-Type': 'application/json',
			'Set-Cookie': ['refreshToken=r2; HttpOnly', 'other=1'],
		})
		res.end('{"ok":true}')
	})

	for (let call = 0; call < 3; call++) {
		const answer = await undiciTransport(`${server.baseUrl}/courses/list?page=1`, get())
		expect(answer.status).toBe(200)
		expect(answer.setCookies).toEqual(['refreshToken=r2; HttpOnly', 'other=1'])
		expect(await answer.text()).toBe('{"ok":true}')
		// The connection goes back to the pool once the answer is read, a turn of the loop later.
		await new Promise((resolve) => setImmediate(resolve))
	}

	expect(server.hits.map((hit) => hit.path)).toEqual(Array(3).fill('/api/v1/courses/list?page=1'))
	expect(server.hits[0]?.headers['x-request-id']).toBe('r1')
	expect(ports.size).toBe(1)
})

test('an undici call the signal aborts rejects, and its path is encoded as fetch encodes it', async () => {
	const server = await upstreamServer(() => {})
	const controller = new AbortController()
	const call = undiciTransport(`${server.baseUrl}/courses/a b/../é`, get(controller.signal))
	await new Promise((resolve) => setTimeout(resolve, 50))
	controller.abort()

	expect(await failure(call)).toBeInstanceOf(Error)
	expect(server.hits[0]?.path).toBe('/api/v1/courses/%C3%A9')
})
