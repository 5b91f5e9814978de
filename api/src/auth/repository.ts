import { sql } from 'kysely'
import type { Db } from '../db.ts'
import { sessionsChangingHere } from '../platform/session-cache.ts'
import type { AccountType } from '../schema.ts'

export type RefreshSession = { accountId: string; accountType: AccountType }

/** An open sign-in: its id is the access tokens' `sid`. */
export type AuthSession = RefreshSession & { sessionId: string }

/** The browser a sign-in is made on, as `clientDevice` reads it. */
export type Device = { userAgent: string; address: string }

// Accounts behind sessions.

export const findOrganizationAccount = (db: Db, id: string) =>
	db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst()

export const findUserAccount = (db: Db, id: string) =>
	db
		.selectFrom('users')
		.select(['id', 'role', 'organization_id'])
		.where('id', '=', id)
		.executeTakeFirst()

// Sessions and their refresh tokens (only a token's hash is stored).

export async function storeRefreshToken(
	db: Db,
	tokenHash: string,
	session: AuthSession,
	expiresAt: Date,
): Promise<void> {
	await db
		.insertInto('refresh_tokens')
		.values({
			token_hash: tokenHash,
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

/** Deletes the account's expired and revoked sessions (their tokens go with them). */
export async function deleteFinishedSessions(db: Db, account: RefreshSession) {
	await db
		.deleteFrom('auth_sessions')
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where((eb) => eb.or([eb('expires_at', '<', new Date()), eb('revoked_at', 'is not', null)]))
		.execute()
}

export const insertSession = (db: Db, account: RefreshSession, device: Device, expiresAt: Date) =>
	db
		.insertInto('auth_sessions')
		.values({
			account_id: account.accountId,
			account_type: account.accountType,
			expires_at: expiresAt,
			user_agent: device.userAgent,
			ip_address: device.address,
		})
		.returning('id')
		.executeTakeFirstOrThrow()

/** A refresh token with its session, locked until the transaction ends. */
export const lockRefreshToken = (db: Db, tokenHash: string) =>
	db
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
		.where('refresh_tokens.token_hash', '=', tokenHash)
		.forUpdate()
		.executeTakeFirst()

export async function markRefreshTokenUsed(db: Db, tokenHash: string) {
	await db
		.updateTable('refresh_tokens')
		.set({ used_at: sql<Date>`now()` })
		.where('token_hash', '=', tokenHash)
		.execute()
}

/** A session in use: it lasts until `expiresAt`, last seen now from `address`. */
export async function extendSession(db: Db, sessionId: string, expiresAt: Date, address: string) {
	await db
		.updateTable('auth_sessions')
		.set({ expires_at: expiresAt, last_seen_at: new Date(), ip_address: address })
		.where('id', '=', sessionId)
		.execute()
}

export const findSessionOfRefreshToken = (db: Db, tokenHash: string) =>
	db
		.selectFrom('refresh_tokens')
		.select('session_id')
		.where('token_hash', '=', tokenHash)
		.executeTakeFirst()

/**
 * A session not revoked: when it expires and whose it is; for a teacher, also whether their
 * organization requires two-factor sign-in (one join, only for them).
 */
export function findSessionForCheck(db: Db, sessionId: string, role: string) {
	const session = db
		.selectFrom('auth_sessions as s')
		.where('s.id', '=', sessionId)
		.where('s.revoked_at', 'is', null)
	return role === 'tutor'
		? session
				.leftJoin('users as u', 'u.id', 's.account_id')
				.leftJoin('organizations as o', 'o.id', 'u.organization_id')
				.select(['s.expires_at', 's.account_id', 'o.teachers_need_two_factor as required'])
				.executeTakeFirst()
		: session.select(['s.expires_at', 's.account_id']).executeTakeFirst()
}

/** Ends a session: its access tokens are refused from the next request, its refresh tokens too. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
	// Other processes hear it from migration 037's trigger; this one forgets before it answers.
	const changed = sessionsChangingHere(`s:${sessionId}`)
	const result = await db
		.updateTable('auth_sessions')
		.set({ revoked_at: sql<Date>`now()` })
		.where('id', '=', sessionId)
		.where('revoked_at', 'is', null)
		.executeTakeFirst()
	changed(Number(result.numUpdatedRows) > 0)
}

/** Ends every open session of the account but `keepSessionId` (the one asking); answers how many. */
export async function revokeOtherSessions(
	db: Db,
	account: RefreshSession,
	keepSessionId: string | undefined,
): Promise<number> {
	const changed = sessionsChangingHere(`a:${account.accountId}`)
	const result = await db
		.updateTable('auth_sessions')
		.set({ revoked_at: sql<Date>`now()` })
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where('revoked_at', 'is', null)
		.$if(keepSessionId !== undefined, (query) => query.where('id', '!=', keepSessionId as string))
		.executeTakeFirst()
	const ended = Number(result.numUpdatedRows)
	changed(ended > 0)
	return ended
}

/** Ends every open session of the account; answers how many. */
export function revokeAllSessions(db: Db, account: RefreshSession): Promise<number> {
	return revokeOtherSessions(db, account, undefined)
}

/**
 * After a change of password: the user's calendar feed, if they have one, gets a new address, so
 * one copied by whoever knew the old password shows nothing more (issue 29). Here beside the
 * sessions a change of password ends, not in calendar/, which comes after auth in the domain order.
 */
export async function endFeedAddress(db: Db, userId: string) {
	await db
		.updateTable('calendar_feeds')
		.set({ feed_id: sql<string>`gen_random_uuid()`, created_at: sql<Date>`now()` })
		.where('user_id', '=', userId)
		.execute()
}

// Signed-in devices.

const openSessions = (db: Db, account: RefreshSession) =>
	db
		.selectFrom('auth_sessions')
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where('revoked_at', 'is', null)
		.where('expires_at', '>', sql<Date>`now()`)

/** The account's open sessions, the most recently used first. */
export const listOpenSessions = (db: Db, account: RefreshSession) =>
	openSessions(db, account)
		.select(['id', 'user_agent', 'ip_address', 'created_at', 'last_seen_at'])
		.orderBy('last_seen_at', 'desc')
		.orderBy('created_at', 'desc')
		.execute()

export const findOpenSession = (db: Db, account: RefreshSession, sessionId: string) =>
	openSessions(db, account).select('id').where('id', '=', sessionId).executeTakeFirst()

const knownDevices = (db: Db, account: RefreshSession) =>
	db
		.selectFrom('known_devices')
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)

/** Whether the account has signed in from any device before. */
export const findAnyKnownDevice = (db: Db, account: RefreshSession) =>
	knownDevices(db, account).select('fingerprint').limit(1).executeTakeFirst()

/** Records a device's fingerprint; undefined when it was known already. */
export const recordKnownDevice = (db: Db, account: RefreshSession, fingerprint: string) =>
	db
		.insertInto('known_devices')
		.values({ account_type: account.accountType, account_id: account.accountId, fingerprint })
		.onConflict((conflict) => conflict.doNothing())
		.returning('fingerprint')
		.executeTakeFirst()

// Two-factor secrets and recovery codes.

const own = (db: Db, table: 'two_factor' | 'recovery_codes', account: RefreshSession) =>
	db
		.selectFrom(table)
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)

export const findEnabledTwoFactor = (db: Db, account: RefreshSession) =>
	own(db, 'two_factor', account)
		.select('enabled_at')
		.where('enabled_at', 'is not', null)
		.executeTakeFirst()

/** The secret waiting for its first code. */
export const findPendingSecret = (db: Db, account: RefreshSession) =>
	own(db, 'two_factor', account).select('secret').where('enabled_at', 'is', null).executeTakeFirst()

/** The secret and last accepted step, once enrolment is finished (`enabled`) or while it is not. */
export const findTotpState = (db: Db, account: RefreshSession, enabled: boolean) =>
	own(db, 'two_factor', account)
		.select(['secret', 'last_time_step'])
		.where('enabled_at', enabled ? 'is not' : 'is', null)
		.executeTakeFirst()

/** Stores a new secret unless two-factor is already on; undefined when it is. */
export const storePendingSecret = (db: Db, account: RefreshSession, sealed: string) =>
	db
		.insertInto('two_factor')
		.values({ account_type: account.accountType, account_id: account.accountId, secret: sealed })
		.onConflict((conflict) =>
			conflict
				.columns(['account_type', 'account_id'])
				.doUpdateSet({ secret: sealed, last_time_step: null })
				.where('two_factor.enabled_at', 'is', null),
		)
		.returning('account_id')
		.executeTakeFirst()

/**
 * Records an accepted TOTP time step (and turns two-factor on when `enable`) in one conditional
 * update: only a step later than the last one passes. True when it did.
 */
export async function recordTimeStep(
	db: Db,
	account: RefreshSession,
	secret: string,
	step: number,
	enable: boolean,
) {
	const changed = enable ? sessionsChangingHere(`a:${account.accountId}`) : undefined
	const updated = await db
		.updateTable('two_factor')
		.set({
			last_time_step: step,
			...(enable && { enabled_at: new Date() }),
		})
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where('secret', '=', secret)
		.where((eb) =>
			eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', String(step))]),
		)
		.executeTakeFirst()
	const recorded = Number(updated.numUpdatedRows) === 1
	changed?.(recorded)
	return recorded
}

/** The account's recovery codes become these (hashed). */
export async function replaceRecoveryCodes(db: Db, account: RefreshSession, codeHashes: string[]) {
	await db
		.deleteFrom('recovery_codes')
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.execute()
	await db
		.insertInto('recovery_codes')
		.values(
			codeHashes.map((codeHash) => ({
				account_type: account.accountType,
				account_id: account.accountId,
				code_hash: codeHash,
				used_at: null,
			})),
		)
		.execute()
}

/** Spends an unused recovery code; true when it was one. */
export async function spendRecoveryCode(db: Db, account: RefreshSession, codeHash: string) {
	const spent = await db
		.updateTable('recovery_codes')
		.set({ used_at: sql<Date>`now()` })
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where('code_hash', '=', codeHash)
		.where('used_at', 'is', null)
		.executeTakeFirst()
	return Number(spent.numUpdatedRows) === 1
}

export async function countUnusedRecoveryCodes(db: Db, account: RefreshSession) {
	const { left } = await own(db, 'recovery_codes', account)
		.select((eb) => eb.fn.countAll<string>().as('left'))
		.where('used_at', 'is', null)
		.executeTakeFirstOrThrow()
	return Number(left)
}

/** Turns two-factor off: the secret, the recovery codes and any request to turn it off go. */
export async function deleteTwoFactor(db: Db, account: RefreshSession) {
	const changed = sessionsChangingHere(`a:${account.accountId}`)
	const removed = await db
		.deleteFrom('two_factor')
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.returning('enabled_at')
		.executeTakeFirst()
	for (const table of ['recovery_codes', 'two_factor_recoveries'] as const) {
		await db
			.deleteFrom(table)
			.where('account_type', '=', account.accountType)
			.where('account_id', '=', account.accountId)
			.execute()
	}
	// Only turning it off changes a session's state (a set-up never finished does not).
	changed(Boolean(removed?.enabled_at))
}

/** The secrets stored before sealing existed (not starting with the sealed prefix). */
export const findPlainSecrets = (db: Db, sealedPrefix: string) =>
	db
		.selectFrom('two_factor')
		.select(['account_type', 'account_id', 'secret'])
		.where('secret', 'not like', `${sealedPrefix}.%`)
		.execute()

/** Rewrites a secret only if the row still holds the value read. */
export async function resealSecret(
	db: Db,
	row: { account_type: AccountType; account_id: string; secret: string },
	sealed: string,
) {
	await db
		.updateTable('two_factor')
		.set({ secret: sealed })
		.where('account_type', '=', row.account_type)
		.where('account_id', '=', row.account_id)
		.where('secret', '=', row.secret)
		.execute()
}

// An owner's request to turn two-factor off without a code (decision 053).

/**
 * A new link for the account's request, unless one already waits out its period (then undefined:
 * asking again neither restarts nor shortens it).
 */
export const storeRecoveryLink = (
	db: Db,
	account: RefreshSession,
	tokenHash: string,
	linkExpiresAt: Date,
) =>
	db
		.insertInto('two_factor_recoveries')
		.values({
			account_type: account.accountType,
			account_id: account.accountId,
			token_hash: tokenHash,
			link_expires_at: linkExpiresAt,
		})
		.onConflict((conflict) =>
			conflict
				.columns(['account_type', 'account_id'])
				.doUpdateSet({ token_hash: tokenHash, link_expires_at: linkExpiresAt })
				.where('two_factor_recoveries.ready_at', 'is', null),
		)
		.returning('account_id')
		.executeTakeFirst()

/** Starts the waiting period of the request whose unexpired link this is; once only. */
export const startRecoveryByLink = (db: Db, tokenHash: string, readyAt: Date) =>
	db
		.updateTable('two_factor_recoveries')
		.set({ ready_at: readyAt })
		.where('token_hash', '=', tokenHash)
		.where('ready_at', 'is', null)
		.where('link_expires_at', '>', sql<Date>`now()`)
		.returning(['account_type', 'account_id', 'ready_at'])
		.executeTakeFirst()

/** When the account's started request takes effect, if one waits. */
export const findStartedRecovery = (db: Db, account: RefreshSession) =>
	db
		.selectFrom('two_factor_recoveries')
		.select('ready_at')
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where('ready_at', 'is not', null)
		.executeTakeFirst()

/** Cancels the account's request, started or not; true when there was one. */
export async function deleteRecovery(db: Db, account: RefreshSession) {
	const deleted = await db
		.deleteFrom('two_factor_recoveries')
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.executeTakeFirst()
	return Number(deleted.numDeletedRows) > 0
}

/** Takes the account's request if its period is over (deleted); true when it was. */
export async function takeReadyRecovery(db: Db, account: RefreshSession) {
	const taken = await db
		.deleteFrom('two_factor_recoveries')
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where('ready_at', '<=', sql<Date>`now()`)
		.executeTakeFirst()
	return Number(taken.numDeletedRows) > 0
}

/** Test hooks only: the account's started request has waited its period. */
export const endRecoveryWait = (db: Db, account: RefreshSession) =>
	db
		.updateTable('two_factor_recoveries')
		.set({ ready_at: sql<Date>`now() - interval '1 second'` })
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where('ready_at', 'is not', null)
		.executeTakeFirst()
