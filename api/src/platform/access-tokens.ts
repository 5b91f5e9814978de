import { createHmac, timingSafeEqual } from 'node:crypto'
import { SignJWT } from 'jose'
import { z } from 'zod'
import type { Db } from '../db.ts'
import type { Account } from './context.ts'
import { cachedSessionState, type SessionState } from './session-cache.ts'

const claims = z.object({
	sub: z.string(),
	role: z.enum(['student', 'tutor', 'organization']),
	orgId: z.string().nullable(),
	typ: z.literal('access'),
	/** The sign-in it belongs to (auth_sessions): logging out refuses the token at once. */
	sid: z.uuid(),
})

/** Whether a sign-in is still open, and whether its teacher must first set up two-factor sign-in. */
export type SessionLookup = (
	db: Db,
	sessionId: string,
	role: Account['role'],
) => Promise<SessionState>

// Sessions are auth's, and the platform imports no domain (decision 044): createApi hands auth's
// lookup in for its database, once, before any call is checked.
const sessionLookups = new WeakMap<Db, SessionLookup>()

export function setSessionLookup(db: Db, lookup: SessionLookup) {
	sessionLookups.set(db, lookup)
}

const keyOf = (secret: string) => new TextEncoder().encode(secret)

export async function signAccessToken(
	account: Account,
	sessionId: string,
	secret: string,
	ttlSeconds: number,
) {
	return new SignJWT({ role: account.role, orgId: account.orgId, typ: 'access', sid: sessionId })
		.setProtectedHeader({ alg: 'HS256' })
		.setSubject(account.id)
		.setIssuedAt()
		.setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
		.sign(keyOf(secret))
}

const BASE64URL = /^[A-Za-z0-9_-]+$/

/** A base64url part's JSON object; null for anything else. */
function jsonPart(part: string): Record<string, unknown> | null {
	try {
		const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
		return value && typeof value === 'object' && !Array.isArray(value)
			? (value as Record<string, unknown>)
			: null
	} catch {
		return null
	}
}

/**
 * The claims of a compact HS256 token signed with `secret` and in its time; null for anything
 * else. Every API call verifies one: jose's verify (Web Crypto) queues two jobs on the thread pool
 * per token (importKey, then verify), which cost the API 7 % of its time under load; one HMAC of
 * a few hundred bytes done in place costs a few microseconds (decision 066). It checks what jose's
 * jwtVerify checked for these tokens: the header says HS256 and nothing it would have to
 * understand (`crit`, `b64`), the signature (compared in constant time), `exp` a number not yet
 * passed, `nbf` and `iat` numbers when given, `nbf` reached.
 */
export function verifyHs256(token: string, secret: string): Record<string, unknown> | null {
	const parts = token.split('.')
	if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return null
	const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
	const header = jsonPart(headerPart)
	if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null
	const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest()
	const given = Buffer.from(signaturePart, 'base64url')
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
	const payload = jsonPart(payloadPart)
	if (!payload) return null
	const now = Math.floor(Date.now() / 1000)
	const { exp, nbf, iat } = payload
	if (typeof exp !== 'number' || exp <= now) return null
	if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null
	if (iat !== undefined && typeof iat !== 'number') return null
	return payload
}

/** The account a valid, unexpired access token names, and its session; null for anything else. */
export async function verifyAccessToken(
	token: string,
	secret: string,
): Promise<(Account & { sessionId: string }) | null> {
	const payload = verifyHs256(token, secret)
	if (!payload) return null
	const parsed = claims.safeParse(payload)
	if (!parsed.success) return null
	const { sub, role, orgId, sid } = parsed.data
	return { id: sub, role, orgId, sessionId: sid }
}

/**
 * The caller behind a bearer token (a valid signature, and a session that has not ended), and
 * whether it is a teacher who must set up two-factor sign-in before anything else (decision 037).
 */
export async function authenticateCaller(
	token: string,
	{ db, config }: { db: Db; config: { jwtSecret: string } },
): Promise<{ account: Account; mustSetUpTwoFactor: boolean } | null> {
	const verified = await verifyAccessToken(token, config.jwtSecret)
	if (!verified) return null
	const sessionState = sessionLookups.get(db)
	if (!sessionState) throw new Error('No session lookup for this database: createApi sets it')
	// Remembered for a moment while every change is heard (decision 068): most calls run no statement.
	const state = await cachedSessionState(db, verified.sessionId, verified.role, () =>
		sessionState(db, verified.sessionId, verified.role),
	)
	if (!state.open) return null
	const { sessionId: _sessionId, ...account } = verified
	return { account, mustSetUpTwoFactor: state.mustSetUpTwoFactor }
}

/**
 * The caller behind a bearer token, for calls outside the route guard (live rooms, the catalogue):
 * a teacher who must first set up two-factor sign-in counts as no caller there.
 */
export async function authenticate(
	token: string,
	deps: { db: Db; config: { jwtSecret: string } },
): Promise<Account | null> {
	const caller = await authenticateCaller(token, deps)
	return caller && !caller.mustSetUpTwoFactor ? caller.account : null
}
