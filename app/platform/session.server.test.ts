import * as jose from 'jose'
import { createSession } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { readSession, sessionStorage, type SessionData } from './session.server'

// The real decryption, counted: a cookie read from memory is not opened again.
vi.mock('jose', async (original) => {
	const actual = await original<typeof jose>()
	return { ...actual, jwtDecrypt: vi.fn(actual.jwtDecrypt) }
})

const user = {
	id: 'u1',
	role: 'tutor',
	name: 'Ada',
	email: 'ada@example.com',
	organizationId: null,
} satisfies SessionData['user']

async function signedInCookie(id = user.id) {
	const session = createSession<SessionData>({
		user: { ...user, id },
		accessToken: 'access',
		refreshToken: 'refresh',
		upstreamCookies: { refreshToken: 'refresh' },
	})
	return (await sessionStorage.commitSession(session)).split(';')[0]!
}

describe('readSession', () => {
	it('gives each request its own session of a cookie it has opened before', async () => {
		const cookie = await signedInCookie()
		const first = await readSession(cookie)
		const second = await readSession(cookie)
		const third = await readSession(cookie)
		expect(second.data).toEqual(first.data)
		// A request's change is its own.
		second.set('accessToken', 'changed')
		second.set('user', { ...user, name: 'Changed' })
		expect(third.get('accessToken')).toBe('access')
		expect((await readSession(cookie)).get('user')).toEqual(user)
		// The values the sessions start with are shared and read-only: none can be changed in place.
		const shared = third.get('upstreamCookies')!
		expect(() => {
			shared.refreshToken = 'stolen'
		}).toThrow(TypeError)
		expect(() => {
			;(third.get('user') as { name: string }).name = 'Changed'
		}).toThrow(TypeError)
		expect((await readSession(cookie)).get('upstreamCookies')).toEqual({ refreshToken: 'refresh' })
	})

	it('gives no session for a cookie that was changed', async () => {
		const cookie = await signedInCookie()
		const tampered = `${cookie.slice(0, -4)}AAAA`
		expect((await readSession(tampered)).has('user')).toBe(false)
	})

	it('remembers the cookies of a busy hour: 3,000 people, each back within minutes', async () => {
		const cookies = await Promise.all(
			Array.from({ length: 3_000 }, (_, index) => signedInCookie(`u${index}`)),
		)
		for (const cookie of cookies) await readSession(cookie)
		const opened = vi.mocked(jose.jwtDecrypt).mock.calls.length
		// Each person's next request: none of the 3,000 cookies is opened again.
		for (const [index, cookie] of cookies.entries())
			expect((await readSession(cookie)).get('user')?.id).toBe(`u${index}`)
		expect(vi.mocked(jose.jwtDecrypt).mock.calls.length).toBe(opened)
	})
})
