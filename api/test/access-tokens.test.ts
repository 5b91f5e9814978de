import { createHmac } from 'node:crypto'
import { SignJWT } from 'jose'
import { describe, expect, test } from 'vitest'
import { signAccessToken, verifyAccessToken, verifyHs256 } from '../src/platform/access-tokens.ts'

// Access tokens are verified in place with node:crypto (decision 066), signed with jose: every
// token jose signs verifies, and every token jose's jwtVerify refused is refused still.
const SECRET = 'a-secret-of-the-api-for-these-tests'
const account = { id: 'acc-1', role: 'student' as const, orgId: null }
const SESSION = '3f1c2b8e-0d5a-4b7e-9c1f-2a6d8e4b1c07'
const key = new TextEncoder().encode(SECRET)
const now = () => Math.floor(Date.now() / 1000)
const claims = { role: 'student', orgId: null, typ: 'access', sid: SESSION }
const signed = (header: Record<string, unknown>, payload: Record<string, unknown>, secret = key) =>
	new SignJWT(payload).setProtectedHeader(header as { alg: string }).sign(secret)
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
// Headers jose will not sign (it refuses a `crit` it does not know): signed by hand.
const handSigned = (header: unknown, payload: unknown) => {
	const input = `${base64url(header)}.${base64url(payload)}`
	return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`
}

describe('access tokens', () => {
	test('a token the API signed names its account and session', async () => {
		const token = await signAccessToken(account, SESSION, SECRET, 60)
		expect(await verifyAccessToken(token, SECRET)).toEqual({ ...account, sessionId: SESSION })
	})

	test('another secret, a changed payload or a changed signature is refused', async () => {
		const token = await signAccessToken(account, SESSION, SECRET, 60)
		expect(await verifyAccessToken(token, 'another-secret')).toBeNull()
		const [header, payload, signature] = token.split('.') as [string, string, string]
		const promoted = base64url({
			...JSON.parse(Buffer.from(payload, 'base64url').toString()),
			role: 'organization',
		})
		expect(await verifyAccessToken(`${header}.${promoted}.${signature}`, SECRET)).toBeNull()
		const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`
		expect(await verifyAccessToken(`${header}.${payload}.${flipped}`, SECRET)).toBeNull()
		expect(await verifyAccessToken(`${header}.${payload}`, SECRET)).toBeNull()
		expect(await verifyAccessToken(`${token}.`, SECRET)).toBeNull()
		expect(await verifyAccessToken(`${header}.${payload}.${signature}=`, SECRET)).toBeNull()
		expect(await verifyAccessToken('', SECRET)).toBeNull()
	})

	test('an expired token, or one without an expiry, is refused', async () => {
		const expired = await signed({ alg: 'HS256' }, { ...claims, sub: 'acc-1', exp: now() - 1 })
		expect(verifyHs256(expired, SECRET)).toBeNull()
		const endless = await signed({ alg: 'HS256' }, { ...claims, sub: 'acc-1' })
		expect(verifyHs256(endless, SECRET)).toBeNull()
		const stringExpiry = await signed({ alg: 'HS256' }, { ...claims, exp: String(now() + 60) })
		expect(verifyHs256(stringExpiry, SECRET)).toBeNull()
	})

	test('a token not yet valid, or with an iat that is no number, is refused', async () => {
		const exp = now() + 60
		expect(verifyHs256(await signed({ alg: 'HS256' }, { exp, nbf: now() + 30 }), SECRET)).toBeNull()
		expect(verifyHs256(await signed({ alg: 'HS256' }, { exp, iat: 'today' }), SECRET)).toBeNull()
		expect(
			verifyHs256(await signed({ alg: 'HS256' }, { exp, nbf: now(), iat: now() }), SECRET),
		).not.toBeNull()
	})

	test('another algorithm, an unsigned token or a header asking for more is refused', async () => {
		const exp = now() + 60
		const payload = base64url({ ...claims, sub: 'acc-1', exp })
		expect(verifyHs256(`${base64url({ alg: 'none' })}.${payload}.`, SECRET)).toBeNull()
		expect(verifyHs256(await signed({ alg: 'HS384' }, { exp }), SECRET)).toBeNull()
		expect(verifyHs256(await signed({ alg: 'HS512' }, { exp }), SECRET)).toBeNull()
		expect(verifyHs256(handSigned({ alg: 'HS256' }, { exp }), SECRET)).not.toBeNull()
		expect(verifyHs256(handSigned({ alg: 'HS256', crit: ['x'], x: 1 }, { exp }), SECRET)).toBeNull()
		expect(verifyHs256(handSigned({ alg: 'HS256', b64: false }, { exp }), SECRET)).toBeNull()
		expect(verifyHs256(handSigned(['HS256'], { exp }), SECRET)).toBeNull()
		expect(verifyHs256(handSigned({ alg: 'HS256' }, [exp]), SECRET)).toBeNull()
	})

	test('claims of the wrong shape are refused though signed', async () => {
		const exp = now() + 60
		const refresh = await signed({ alg: 'HS256' }, { ...claims, typ: 'refresh', sub: 'a', exp })
		expect(await verifyAccessToken(refresh, SECRET)).toBeNull()
		const admin = await signed({ alg: 'HS256' }, { ...claims, role: 'admin', sub: 'a', exp })
		expect(await verifyAccessToken(admin, SECRET)).toBeNull()
		const valid = await signed({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: 'a', exp })
		expect(await verifyAccessToken(valid, SECRET)).toEqual({
			id: 'a',
			role: 'student',
			orgId: null,
			sessionId: SESSION,
		})
	})
})
