import http from 'node:http'
import { expect, test } from '@playwright/test'
import { appOrigin } from './security-world'

// Bounded work before React Router (decision 050): its manifest matching walks every ancestor of
// a path, so a path of thousands of segments cost the square of that, and held the whole process
// (6-32 s for 7,000 segments, /healthz waiting as long). Such a target is now refused at once.

const segments = (count: number) => '/a'.repeat(count)

/** A GET of the target exactly as written (fetch would turn a backslash into a slash). */
function rawGet(target: string): Promise<{ status: number; text: string }> {
	return new Promise((resolve, reject) => {
		const request = http.get(`${appOrigin}/`, { path: target }, (response) => {
			let text = ''
			response.setEncoding('utf8')
			response.on('data', (chunk: string) => (text += chunk))
			response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
		})
		request.on('error', reject)
	})
}

async function healthzWhile(target: string) {
	const stalled = rawGet(target)
	// The long request reaches the server first, then /healthz asks beside it.
	await new Promise((resolve) => setTimeout(resolve, 100))
	const asked = performance.now()
	const health = await fetch(`${appOrigin}/healthz`)
	const healthMs = performance.now() - asked
	const answer = await stalled
	return { health, healthMs, answer }
}

for (const [name, target] of [
	['a document', segments(7_000)],
	['a .data request', `${segments(7_000)}.data`],
	['a .data request naming routes', `${segments(7_000)}.data?_routes=root,routes/public/layout`],
	['an index .data request', `${segments(7_000)}/_.data?index`],
	['a backslashed path', `/a${'\\a'.repeat(6_999)}`],
] as const) {
	test(`${name} of 7,000 segments (14 KB) is refused at once and /healthz answers beside it`, async () => {
		const { health, healthMs, answer } = await healthzWhile(target)
		expect(health.status).toBe(200)
		// Bound generously: it waited 6-32 s before.
		expect(healthMs).toBeLessThan(1_000)
		expect(answer).toEqual({ status: 414, text: 'This address is too long.' })
	})
}

test('a long query is refused at once; the deepest real path is still served', async () => {
	const query = await fetch(`${appOrigin}/courses?${'q=a&'.repeat(3_000)}`)
	expect(query.status).toBe(414)
	// Many segments, each short, well above the deepest route (6) but under the bound: answered
	// by React Router (not found), not refused.
	const deep = await fetch(`${appOrigin}${segments(30)}`)
	expect(deep.status).toBe(404)
	const course = await fetch(`${appOrigin}/courses?search=${'word '.repeat(200)}`)
	expect(course.status).toBe(200)
})

test('a cookie header past what Node reads is refused by its parser (431), the app still answers', async () => {
	const big = await fetch(`${appOrigin}/`, { headers: { Cookie: `a=${'x'.repeat(20_000)}` } })
	expect(big.status).toBe(431)
	expect((await fetch(`${appOrigin}/healthz`)).status).toBe(200)
})
