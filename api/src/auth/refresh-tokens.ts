import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { Db } from '../db.ts'
import type { SessionState } from '../platform/session-cache.ts'
import {
	deleteFinishedSessions,
	extendSession,
	findSessionForCheck,
	findSessionOfRefreshToken,
	insertSession,
	lockRefreshToken,
	markRefreshTokenUsed,
	revokeSession,
	storeRefreshToken,
} from './repository.ts'
import { isTwoFactorOn } from './two-factor.ts'
import type { AuthSession, Device, RefreshSession } from './repository.ts'

// The sign-in's row types live with the repository (decision 060: no import circle, types included).
export type { AuthSession, Device, RefreshSession }

/**
 * How long a refresh token already exchanged may be presented again and get the same successor:
 * two requests of one browser (two tabs, a page and its fetcher, two app processes) that refresh
 * at the same moment both carry the old token. Past this, presenting it again is reuse: a copy
 * in someone else's hands, and the whole session ends (OWASP ASVS 3.5).
 */
export const REUSE_GRACE_MS = 20_000

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A token's successor is derived from it with the server's secret, so presenting the same token
 * twice within the grace gives the same successor: the two requests end with one token, and the
 * chain never forks. Without the secret, a successor cannot be worked out from its parent.
 */
const successorOf = (token: string, secret: string) =>
	createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url')

const expiry = (ttlSeconds: number) => new Date(Date.now() + ttlSeconds * 1000)

/** A new session and its first opaque refresh token; only the token's hash is stored. */
export async function openSession(
	db: Db,
	account: RefreshSession,
	device: Device,
	ttlSeconds: number,
): Promise<{ session: AuthSession; refreshToken: string }> {
	// Each sign-in sweeps the account's finished sessions (their tokens go with them).
	await deleteFinishedSessions(db, account)
	const { id } = await insertSession(db, account, device, expiry(ttlSeconds))
	const session = { ...account, sessionId: id }
	const refreshToken = randomBytes(32).toString('base64url')
	await storeRefreshToken(db, hashOf(refreshToken), session, expiry(ttlSeconds))
	return { session, refreshToken }
}

export type Rotation =
	| { outcome: 'rotated'; session: AuthSession; refreshToken: string }
	/** Unknown, expired, revoked, or its session has ended. */
	| { outcome: 'invalid' }
	/** Exchanged before, past the grace: the session has now ended. */
	| { outcome: 'reused' }

/**
 * Exchanges a refresh token for its successor. Each token is good for one exchange (and again
 * within REUSE_GRACE_MS, for the same successor); reuse after that ends the session.
 */
export async function rotateRefreshToken(
	db: Db,
	token: string,
	ttlSeconds: number,
	secret: string,
	address: string,
): Promise<Rotation> {
	return db.transaction().execute(async (trx) => {
		const row = await lockRefreshToken(trx, hashOf(token))
		const now = Date.now()
		if (
			!row ||
			row.revoked_at ||
			row.session_revoked_at ||
			row.expires_at.getTime() <= now ||
			row.session_expires_at.getTime() <= now
		) {
			return { outcome: 'invalid' }
		}
		if (row.used_at && now - row.used_at.getTime() > REUSE_GRACE_MS) {
			await revokeSession(trx, row.session_id)
			return { outcome: 'reused' }
		}
		const session: AuthSession = {
			sessionId: row.session_id,
			accountId: row.account_id,
			accountType: row.account_type,
		}
		if (!row.used_at) {
			await markRefreshTokenUsed(trx, row.token_hash)
			// A session in use lasts another refresh lifetime, and its list entry says when and where
			// it was last used.
			await extendSession(trx, row.session_id, expiry(ttlSeconds), address)
		}
		const refreshToken = successorOf(token, secret)
		await storeRefreshToken(trx, hashOf(refreshToken), session, expiry(ttlSeconds))
		return { outcome: 'rotated', session, refreshToken }
	})
}

/** The open session a refresh token belongs to, if any (logout by cookie). */
export async function sessionOfRefreshToken(db: Db, token: string): Promise<string | null> {
	const row = await findSessionOfRefreshToken(db, hashOf(token))
	return row?.session_id ?? null
}

/**
 * Whether a session is open and, for a teacher (`role` as the token says), whether their
 * organization requires two-factor sign-in they have not set up (decision 037): such a teacher may
 * only reach their own account's settings until it is on. Students and organizations cost the one
 * lookup by key as before; a teacher's joins their organization's flag to it, and only where the
 * flag is set is the two-factor row read (measured: a join with the two-factor check in one
 * statement cost 3-4 times the plain lookup).
 */
export async function sessionState(db: Db, sessionId: string, role: string): Promise<SessionState> {
	const row = await findSessionForCheck(db, sessionId, role)
	const open = row !== undefined && row.expires_at.getTime() > Date.now()
	if (!open) return { open, mustSetUpTwoFactor: false }
	const required = 'required' in row && row.required === true
	return {
		open,
		mustSetUpTwoFactor:
			required && !(await isTwoFactorOn(db, { accountType: 'user', accountId: row.account_id })),
		accountId: row.account_id,
		expiresAt: row.expires_at.getTime(),
	}
}
