import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db.ts'
import type { AccountType } from '../schema.ts'

export type RefreshSession = { accountId: string; accountType: AccountType }

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/** A new opaque refresh token; only its hash is stored. */
export async function issueRefreshToken(
	db: Db,
	session: RefreshSession,
	ttlSeconds: number,
): Promise<string> {
	const token = randomBytes(32).toString('base64url')
	// Each sign-in sweeps the account's expired tokens, so the table does not grow forever.
	await db
		.deleteFrom('refresh_tokens')
		.where('account_type', '=', session.accountType)
		.where('account_id', '=', session.accountId)
		.where('expires_at', '<', new Date())
		.execute()
	await db
		.insertInto('refresh_tokens')
		.values({
			token_hash: hashOf(token),
			account_id: session.accountId,
			account_type: session.accountType,
			expires_at: new Date(Date.now() + ttlSeconds * 1000),
			revoked_at: null,
		})
		.execute()
	return token
}

/** The session of a known, unrevoked, unexpired token; null otherwise. */
export async function findRefreshSession(db: Db, token: string): Promise<RefreshSession | null> {
	const row = await db
		.selectFrom('refresh_tokens')
		.select(['account_id', 'account_type'])
		.where('token_hash', '=', hashOf(token))
		.where('revoked_at', 'is', null)
		.where('expires_at', '>', new Date())
		.executeTakeFirst()
	return row ? { accountId: row.account_id, accountType: row.account_type } : null
}

export async function revokeRefreshToken(db: Db, token: string): Promise<void> {
	await db
		.updateTable('refresh_tokens')
		.set({ revoked_at: new Date() })
		.where('token_hash', '=', hashOf(token))
		.where('revoked_at', 'is', null)
		.execute()
}

/** Revokes every live token of the account; answers how many. */
export async function revokeAllRefreshTokens(db: Db, session: RefreshSession): Promise<number> {
	const result = await db
		.updateTable('refresh_tokens')
		.set({ revoked_at: new Date() })
		.where('account_type', '=', session.accountType)
		.where('account_id', '=', session.accountId)
		.where('revoked_at', 'is', null)
		.executeTakeFirst()
	return Number(result.numUpdatedRows)
}
