import { RouterContextProvider } from 'react-router'
import { beforeEach, expect, test } from 'vitest'
import { pageCacheMiddleware } from './page-cache.server'
import { getNonce, securityMiddleware } from './security.server'
import { responseCache } from './upstream-cache.server'

let renders = 0

/** A request through the security middleware (which picks the nonce), the page cache and a render. */
async function load(
	path: string,
	{
		headers = {},
		status = 200,
		body = 'Catalogue',
		setCookie = false,
	}: { headers?: Record<string, string>; status?: number; body?: string; setCookie?: boolean } = {},
) {
	const request = new Request(`http://app.test${path}`, { headers })
	const context = new RouterContextProvider()
	const args = { request, context, url: new URL(request.url), params: {}, pattern: '/' }
	const render = async () => {
		renders++
		return new Response(`<main><script nonce="${getNonce(context)}">${body}</script></main>`, {
			status,
			headers: {
				'Content-Type': 'text/html; charset=utf-8',
				...(setCookie ? { 'Set-Cookie': 'a=b' } : {}),
			},
		})
	}
	const response = (await securityMiddleware(
		args,
		() => pageCacheMiddleware(args, render) as Promise<Response>,
	)) as Response
	const policy = response.headers.get('Content-Security-Policy') ?? ''
	return { html: await response.text(), nonce: /'nonce-([^']+)'/.exec(policy)?.[1] ?? '' }
}

beforeEach(() => {
	renders = 0
	responseCache.invalidateResource('courses')
})

test('a visitor page is rendered once, then served again with its own nonce', async () => {
	const first = await load('/courses?level=Beginner')
	const again = await load('/courses?level=Beginner')
	expect(renders).toBe(1)
	expect(again.nonce).not.toBe(first.nonce)
	expect(again.html).toContain(`nonce="${again.nonce}"`)
	expect(again.html).toBe(first.html.replaceAll(first.nonce, again.nonce))
	await load('/courses?level=Advanced')
	expect(renders).toBe(2)
})

test('signed-in users, toasts, reloads and data requests are always rendered', async () => {
	await load('/courses')
	const others: Record<string, string>[] = [
		{ Cookie: '__session=abc' },
		{ Cookie: 'toast-session=abc' },
		{ 'Cache-Control': 'no-cache' },
	]
	for (const headers of others) {
		await load('/courses', { headers })
	}
	await load('/courses.data')
	await load('/courses.data')
	expect(renders).toBe(6)
})

test('errors, alerts and answers that set a cookie are not kept', async () => {
	await load('/a', { status: 404 })
	await load('/a', { status: 404 })
	await load('/b', { body: '<p role="alert">Failed to fetch courses</p>' })
	await load('/b')
	await load('/c', { setCookie: true })
	await load('/c')
	expect(renders).toBe(6)
})

test('a mutation that makes upstream answers stale empties it', async () => {
	await load('/courses')
	responseCache.invalidateResource('courses')
	await load('/courses')
	expect(renders).toBe(2)
})
