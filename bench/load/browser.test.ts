// The load model's browser (bench/load/browser.mjs) against a real HTTP server: the requests it
// sends are the ones Node's fetch sent for the journeys (so the servers' work is unchanged), its
// cookies follow Set-Cookie, and an answer is inflated only when its body is read.
import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { Browser } from './browser.mjs'
import { fakeApp } from './fake-app.ts'
import { Stats } from './stats.mjs'

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }
const seen: Seen[] = []
const PAGE = `<!DOCTYPE html><html><body>${'<p>A page of the school.</p>'.repeat(200)}</body></html>`
let routes: Record<string, (response: ServerResponse) => void> = {}

const app = fakeApp(async (request, response) => {
	const chunks: Buffer[] = []
	for await (const chunk of request) chunks.push(chunk as Buffer)
	seen.push({
		method: request.method ?? '',
		url: request.url ?? '',
		headers: request.headers,
		body: Buffer.concat(chunks),
	})
	const route = routes[(request.url ?? '').split('?')[0] as string]
	if (route) route(response)
	else response.writeHead(302, { location: '/next' }).end()
})

const browserWith = (stats = new Stats(), options = {}) =>
	new Browser({ appUrl: app.url, stats, address: '10.1.2.3', ...options })

describe('the load model’s browser', () => {
	it('sends the headers Node’s fetch sent, and a form post’s Origin and cookies', async () => {
		routes = {
			'/login': (response) =>
				response
					.writeHead(302, {
						location: '/studentdashboard',
						'set-cookie': ['__session=abc; Path=/; HttpOnly', 'toast=hello; Path=/'],
					})
					.end(),
		}
		const browser = browserWith()
		seen.length = 0
		const signedIn = await browser.postForm('sign in', '/login', { email: 'a@example.com' })
		expect(signedIn).toMatchObject({ status: 302, location: '/studentdashboard', ok: true })
		await browser.document('dashboard', '/studentdashboard', { expect: [302] })
		await browser.navigate('dashboard (.data)', '/studentdashboard', 'routes/student/dashboard')
		const [post, document, data] = seen as [Seen, Seen, Seen]
		expect(post.method).toBe('POST')
		expect(post.body.toString()).toBe('email=a%40example.com')
		expect(post.headers).toMatchObject({
			origin: app.url,
			'sec-fetch-site': 'same-origin',
			'content-type': 'application/x-www-form-urlencoded',
			'accept-encoding': 'gzip, deflate',
			'x-forwarded-for': '10.1.2.3',
		})
		expect(post.headers.cookie).toBeUndefined()
		expect(document.headers).toMatchObject({
			accept: 'text/html,application/xhtml+xml',
			'accept-encoding': 'gzip, deflate',
			'accept-language': 'en',
			'sec-fetch-mode': 'cors',
			'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) TutorHubLoadModel/1.0',
			cookie: '__session=abc; toast=hello',
		})
		expect(document.headers.origin).toBeUndefined()
		expect(data.url).toBe('/studentdashboard.data?_routes=routes%2Fstudent%2Fdashboard')
		expect(data.headers.accept).toBe('*/*')
	})

	it('forgets a cookie emptied, given Max-Age=0 or an Expires passed', async () => {
		const browser = browserWith()
		routes = {
			'/set': (response) =>
				response.writeHead(200, { 'set-cookie': ['a=1', 'b=2; Path=/', 'c=3', 'd=4'] }).end(),
			'/clear': (response) =>
				response
					.writeHead(200, {
						'set-cookie': [
							'a=; Path=/',
							'b=2; Max-Age=0; Path=/',
							'c=3; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
							'd=5; Expires=Fri, 01 Jan 2100 00:00:00 GMT',
						],
					})
					.end(),
		}
		await browser.request('set', '/set')
		expect(browser.cookieHeader()).toBe('a=1; b=2; c=3; d=4')
		await browser.request('clear', '/clear')
		expect(browser.cookieHeader()).toBe('d=5')
		expect([...browser.cookies]).toEqual([['d', '5']])
	})

	it('reads every answer whole but inflates only the bodies a journey reads', async () => {
		routes = {
			'/page': (response) =>
				response
					.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
					.end(gzipSync(PAGE)),
			// Not gzip at all: inflating it fails, so an answer read whole but never inflated is fine.
			'/unread': (response) =>
				response
					.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
					.end(Buffer.from('not gzip '.repeat(1000))),
		}
		const stats = new Stats()
		const browser = browserWith(stats)
		const page = await browser.document('a page', '/page')
		expect(page.body).toBe(PAGE)
		const unread = await browser.document('not read', '/unread')
		expect(unread).toMatchObject({ status: 200, ok: true })
		expect(stats.summary()).toMatchObject({ requests: 2, errors: 0 })
		expect(() => unread.body).toThrow()
	})

	it('posts a file as multipart, as a browser encodes it', async () => {
		routes = {}
		seen.length = 0
		const browser = browserWith()
		const form = new FormData()
		form.append('comment', 'Handed in')
		form.set('file', new File(['Homework\n'.repeat(200)], 'homework.txt', { type: 'text/plain' }))
		const answer = await browser.postMultipart('hand in', '/task?taskId=1', form)
		expect(answer.ok).toBe(true)
		const [upload] = seen as [Seen]
		expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
		const received = await new Response(new Uint8Array(upload.body), {
			headers: { 'content-type': upload.headers['content-type'] as string },
		}).formData()
		expect(received.get('comment')).toBe('Handed in')
		const file = received.get('file') as File
		expect(file.name).toBe('homework.txt')
		expect(await file.text()).toBe('Homework\n'.repeat(200))
	})

	it('counts a timeout, a wrong status and a refused connection as errors, never throws', async () => {
		routes = {
			'/slow': () => {},
			'/missing': (response) => response.writeHead(404).end('Not found'),
		}
		const stats = new Stats()
		const slow = await browserWith(stats, { timeoutMs: 200 }).request('slow', '/slow')
		expect(slow).toMatchObject({ status: 0, ok: false, body: '' })
		const missing = await browserWith(stats).request('missing', '/missing')
		expect(missing).toMatchObject({ status: 404, ok: false, body: 'Not found' })
		const closed = createServer()
		closed.listen(0, '127.0.0.1')
		await once(closed, 'listening')
		const { port } = closed.address() as AddressInfo
		closed.close()
		await once(closed, 'close')
		const refused = await new Browser({ appUrl: `http://127.0.0.1:${port}`, stats }).request(
			'refused',
			'/',
		)
		expect(refused).toMatchObject({ status: 0, ok: false })
		expect(stats.summary().problems).toEqual({
			timeout: 1,
			'404 /missing': 1,
			ECONNREFUSED: 1,
		})
	})
})
