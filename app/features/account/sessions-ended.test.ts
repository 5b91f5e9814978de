import type { ServerResponse } from 'node:http'
import { expect, test } from 'vitest'
import { client, upstreamServer } from '~/platform/upstream-test-server'
import { changePassword, endOtherSessions, endSession, resetPassword } from './api.server'

// Decision 056: each change that ends or holds sign-ins tells every app process, so none serves
// those sign-ins another cached page before the API has been asked.

const ok = (res: ServerResponse) => {
	res.writeHead(200, { 'Content-Type': 'application/json' })
	res.end(JSON.stringify({ message: 'Done', teachersNeedTwoFactor: true }))
}

test('ending sign-ins publishes the tags that make them asked again', async () => {
	const server = await upstreamServer((_, res) => ok(res))
	const published: string[][] = []
	const { upstream } = client(server.baseUrl, {
		invalidate: (tags) => published.push([...tags]),
	})
	const sessionId = '6f1d2c3b-0000-4000-8000-000000000001'

	await endSession(upstream, sessionId)
	expect(published.at(-1)).toContain(`session:${sessionId}`)
	await endOtherSessions(upstream)
	expect(published.at(-1)).toContain('user:u1')
	await changePassword(upstream, 'old-password', 'Quiet-River-Stone-5')
	expect(published.at(-1)).toContain('user:u1')
	await resetPassword(upstream, 'reset-token', 'Quiet-River-Stone-5')
	expect(published.at(-1)).toContain('session:*')
})
