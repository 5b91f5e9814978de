import { jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'
import type { Db } from '../db.ts'
import type { Account } from './context.ts'

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
) => Promise<{ open: boolean; mustSetUpTwoFactor: boolean }>

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

/** The account a valid, unexpired access token names, and its session; null for anything else. */
export async function verifyAccessToken(
	token: string,
	secret: string,
): Promise<(Account & { sessionId: string }) | null> {
	try {
		const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] })
		const parsed = claims.safeParse(payload)
		if (!parsed.success) return null
		const { sub, role, orgId, sid } = parsed.data
		return { id: sub, role, orgId, sessionId: sid }
	} catch {
		return null
	}
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
	const state = await sessionState(db, verified.sessionId, verified.role)
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
