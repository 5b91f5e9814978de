import { expect, test } from 'vitest'
import { client, upstreamServer } from '~/platform/upstream-test-server'
import { setTeacherTwoFactor } from './api.server'

// Decision 056: a requirement of two-factor holds teachers the app cannot name, so every sign-in is
// asked about again before its next cached page, on every app process.
test('requiring two-factor of the teachers makes every sign-in be asked again', async () => {
	const server = await upstreamServer((_, res) => {
		res.writeHead(200, { 'Content-Type': 'application/json' })
		res.end(JSON.stringify({ message: 'Done', teachersNeedTwoFactor: true }))
	})
	const published: string[][] = []
	const { upstream } = client(server.baseUrl, {
		invalidate: (tags) => published.push([...tags]),
	})
	await setTeacherTwoFactor(upstream, '6f1d2c3b-0000-4000-8000-000000000002', true)
	expect(published).toEqual([['organizations', 'session:*']])
})
