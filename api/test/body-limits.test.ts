import { Hono } from 'hono'
import { expect, test } from 'vitest'
import { limitBodies } from '../src/platform/body-limits.ts'
import type { ApiEnv } from '../src/platform/context.ts'
import { handleError } from '../src/platform/errors.ts'

// A request that counts who asks for its body as a stream. On @hono/node-server that question
// builds a whole web Request for the call (decision 074); a body is read as text without it.
class Watched extends Request {
	bodyAsked = 0
	override get body() {
		this.bodyAsked += 1
		return super.body
	}
}

const app = new Hono<ApiEnv>()
app.use('*', limitBodies())
app.get('/echo', (c) => c.text('read'))
app.post('/echo', async (c) => c.text(String((await c.req.text()).length)))
// A refusal is answered by the API's own error handler (decision 072).
app.onError((error, c) => handleError(error, c))

const send = async (request: Watched) => {
	const answer = await app.fetch(request)
	return { status: answer.status, text: await answer.text(), bodyAsked: request.bodyAsked }
}

test('a GET, or a body whose length is given, is let through without asking for its stream', async () => {
	expect(await send(new Watched('http://api.test/echo'))).toEqual({
		status: 200,
		text: 'read',
		bodyAsked: 0,
	})
	const json = JSON.stringify({ answers: { 1: 2 } })
	expect(
		await send(
			new Watched('http://api.test/echo', {
				method: 'POST',
				body: json,
				headers: { 'content-type': 'application/json', 'content-length': String(json.length) },
			}),
		),
	).toEqual({ status: 200, text: String(json.length), bodyAsked: 0 })
})

test('a body over the limit is refused by its length, or as it streams when none is given', async () => {
	const big = 'x'.repeat(1024 * 1024 + 1)
	const byLength = await send(
		new Watched('http://api.test/echo', {
			method: 'POST',
			body: big,
			headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
		}),
	)
	expect(byLength).toMatchObject({ status: 413, bodyAsked: 0 })
	expect(JSON.parse(byLength.text)).toEqual({
		message: 'Request body is too large (max 1 MB)',
		code: 'body_too_large',
	})
	const chunks = new ReadableStream({
		start(controller) {
			for (let sent = 0; sent < 3; sent++) controller.enqueue(new TextEncoder().encode(big))
			controller.close()
		},
	})
	const streamed = await send(
		new Watched('http://api.test/echo', {
			method: 'POST',
			body: chunks,
			duplex: 'half',
			headers: { 'content-type': 'application/json' },
		} as RequestInit),
	)
	expect(streamed.status).toBe(413)
	expect(JSON.parse(streamed.text)).toEqual({
		message: 'Request body is too large (max 1 MB)',
		code: 'body_too_large',
	})
	// A small body sent in chunks is read whole.
	const small = new ReadableStream({
		start(controller) {
			controller.enqueue(new TextEncoder().encode('{"a":'))
			controller.enqueue(new TextEncoder().encode('1}'))
			controller.close()
		},
	})
	expect(
		await send(
			new Watched('http://api.test/echo', {
				method: 'POST',
				body: small,
				duplex: 'half',
			} as RequestInit),
		),
	).toMatchObject({ status: 200, text: '7' })
})
