import { createHash, createHmac, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../db.ts'
import type { AccountType } from '../schema.ts'
import { isTwoFactorOn } from './two-factor.ts'

export type RefreshSession = { accountId: string; accountType: AccountType }

/** An open sign-in: its id is the access tokens' `sid`. */
export type AuthSession = RefreshSession & { sessionId: string }

/** The browser a sign-in is made on, as `clientDevice` reads it. */
export type Device = { userAgent: string; address: string }

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

async function storeToken(
	db: Db,
	token: string,
	session: AuthSession,
	expiresAt: Date,
): Promise<void> {
	await db
		.insertInto('refresh_tokens')
		.values({
			token_hash: hashOf(token),
			account_id: session.accountId,
			account_type: session.accountType,
			session_id: session.sessionId,
			expires_at: expiresAt,
			revoked_at: null,
			used_at: null,
		})
		.onConflict((conflict) => conflict.column('token_hash').doNothing())
		.execute()
}

/** A new session and its first opaque refresh token; only the token's hash is stored. */
export async function openSession(
	db: Db,
	account: RefreshSession,
	device: Device,
	ttlSeconds: number,
): Promise<{ session: AuthSession; refreshToken: string }> {
	// Each sign-in sweeps the account's finished sessions (their tokens go with them).
	await db
		.deleteFrom('auth_sessions')
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where((eb) => eb.or([eb('expires_at', '<', new Date()), eb('revoked_at', 'is not', null)]))
		.execute()
	const { id } = await db
		.insertInto('auth_sessions')
		.values({
			account_id: account.accountId,
			account_type: account.accountType,
			expires_at: expiry(ttlSeconds),
			user_agent: device.userAgent,
			ip_address: device.address,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	const session = { ...account, sessionId: id }
	const refreshToken = randomBytes(32).toString('base64url')
	await storeToken(db, refreshToken, session, expiry(ttlSeconds))
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
		const row = await trx
			.selectFrom('refresh_tokens')
			.innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
			.select([
				'refresh_tokens.token_hash',
				'refresh_tokens.used_at',
				'refresh_tokens.revoked_at',
				'refresh_tokens.expires_at',
				'auth_sessions.id as session_id',
				'auth_sessions.account_id',
				'auth_sessions.account_type',
				'auth_sessions.revoked_at as session_revoked_at',
				'auth_sessions.expires_at as session_expires_at',
			])
			.where('refresh_tokens.token_hash', '=', hashOf(token))
			.forUpdate()
			.executeTakeFirst()
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
			await trx
				.updateTable('refresh_tokens')
				.set({ used_at: sql<Date>`now()` })
				.where('token_hash', '=', row.token_hash)
				.execute()
			// A session in use lasts another refresh lifetime, and its list entry says when and where
			// it was last used.
			await trx
				.updateTable('auth_sessions')
				.set({ expires_at: expiry(ttlSeconds), last_seen_at: new Date(), ip_address: address })
				.where('id', '=', row.session_id)
				.execute()
		}
		const refreshToken = successorOf(token, secret)
		await storeToken(trx, refreshToken, session, expiry(ttlSeconds))
		return { outcome: 'rotated', session, refreshToken }
	})
}

/** The open session a refresh token belongs to, if any (logout by cookie). */
export async function sessionOfRefreshToken(db: Db, token: string): Promise<string | null> {
	const row = await db
		.selectFrom('refresh_tokens')
		.select('session_id')
		.where('token_hash', '=', hashOf(token))
		.executeTakeFirst()
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
export async function sessionState(
	db: Db,
	sessionId: string,
	role: string,
): Promise<{ open: boolean; mustSetUpTwoFactor: boolean }> {
	const session = db
		.selectFrom('auth_sessions as s')
		.where('s.id', '=', sessionId)
		.where('s.revoked_at', 'is', null)
	const row =
		role === 'tutor'
			? await session
					.leftJoin('users as u', 'u.id', 's.account_id')
					.leftJoin('organizations as o', 'o.id', 'u.organization_id')
					.select(['s.expires_at', 's.account_id', 'o.teachers_need_two_factor as required'])
					.executeTakeFirst()
			: await session.select(['s.expires_at', 's.account_id']).executeTakeFirst()
	const open = row !== undefined && row.expires_at.getTime() > Date.now()
	const required = open && 'required' in row && row.required === true
	return {
		open,
		mustSetUpTwoFactor:
			required && !(await isTwoFactorOn(db, { accountType: 'user', accountId: row.account_id })),
	}
}

/** Ends a session: its access tokens are refused from the next request, its refresh tokens too. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
	await db
		.updateTable('auth_sessions')
		.set({ revoked_at: sql<Date>`now()` })
		.where('id', '=', sessionId)
		.where('revoked_at', 'is', null)
		.execute()
}

/** Ends every open session of the account but `keepSessionId` (the one asking); answers how many. */
export async function revokeOtherSessions(
	db: Db,
	account: RefreshSession,
	keepSessionId: string | undefined,
): Promise<number> {
	const result = await db
		.updateTable('auth_sessions')
		.set({ revoked_at: sql<Date>`now()` })
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where('revoked_at', 'is', null)
		.$if(keepSessionId !== undefined, (query) => query.where('id', '!=', keepSessionId as string))
		.executeTakeFirst()
	return Number(result.numUpdatedRows)
}

/** Ends every open session of the account; answers how many. */
export function revokeAllSessions(db: Db, account: RefreshSession): Promise<number> {
	return revokeOtherSessions(db, account, undefined)
}
