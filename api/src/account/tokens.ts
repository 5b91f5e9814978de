import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../db.ts'
import type { AccountTokenPurpose, AccountType } from '../schema.ts'

export const RESET_TTL_MS = 60 * 60 * 1000
export const VERIFICATION_TTL_MS = 3 * 24 * 60 * 60 * 1000

/** What is stored of a link token (a bulk insert of tokens hashes them the same way). */
export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

export type AccountRef = { accountType: AccountType; accountId: string }

export type AccountToken = AccountRef & { email: string }

/**
 * A new single-use link token: 256 random bits, of which only the hash is stored. Older unused
 * tokens of the same purpose for the account stop working, so only the latest mail's link counts.
 */
export async function issueToken(
	db: Db,
	purpose: AccountTokenPurpose,
	{ accountType, accountId, email }: AccountToken,
	ttlMs: number,
): Promise<string> {
	const token = randomBytes(32).toString('base64url')
	await db.transaction().execute(async (trx) => {
		await trx
			.updateTable('account_tokens')
			.set({ used_at: sql<Date>`now()` })
			.where('purpose', '=', purpose)
			.where('account_type', '=', accountType)
			.where('account_id', '=', accountId)
			.where('used_at', 'is', null)
			.execute()
		await trx
			.insertInto('account_tokens')
			.values({
				token_hash: hashOf(token),
				purpose,
				account_type: accountType,
				account_id: accountId,
				email,
				expires_at: new Date(Date.now() + ttlMs),
				used_at: null,
			})
			.execute()
	})
	return token
}

/**
 * Spends a token: one UPDATE that only an unused, unexpired token passes, so of two requests with
 * the same token at the same moment exactly one gets it (the row lock makes the second re-check
 * `used_at`). Answers whose it was, or null.
 */
export async function consumeToken(
	db: Db,
	purpose: AccountTokenPurpose,
	token: string,
): Promise<AccountToken | null> {
	const row = await db
		.updateTable('account_tokens')
		.set({ used_at: sql<Date>`now()` })
		.where('token_hash', '=', hashOf(token))
		.where('purpose', '=', purpose)
		.where('used_at', 'is', null)
		.where('expires_at', '>', sql<Date>`now()`)
		.returning(['account_type', 'account_id', 'email'])
		.executeTakeFirst()
	return row ? { accountType: row.account_type, accountId: row.account_id, email: row.email } : null
}

/** Whether a token would still work, without spending it (the reset page asks before showing its form). */
export async function isTokenUsable(db: Db, purpose: AccountTokenPurpose, token: string) {
	const row = await db
		.selectFrom('account_tokens')
		.select('token_hash')
		.where('token_hash', '=', hashOf(token))
		.where('purpose', '=', purpose)
		.where('used_at', 'is', null)
		.where('expires_at', '>', sql<Date>`now()`)
		.executeTakeFirst()
	return row !== undefined
}

/** Ends every other unused token of the account for that purpose (after a reset, say). */
export async function retireTokens(db: Db, purpose: AccountTokenPurpose, account: AccountRef) {
	await db
		.updateTable('account_tokens')
		.set({ used_at: sql<Date>`now()` })
		.where('purpose', '=', purpose)
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where('used_at', 'is', null)
		.execute()
}

/** The address a pending email change waits on: the newest usable verification link for another email. */
export async function pendingEmailOf(
	db: Db,
	account: AccountRef & { email: string },
): Promise<string | null> {
	const row = await db
		.selectFrom('account_tokens')
		.select('email')
		.where('purpose', '=', 'email_verification')
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where('used_at', 'is', null)
		.where('expires_at', '>', sql<Date>`now()`)
		.orderBy('created_at', 'desc')
		.executeTakeFirst()
	return row && row.email !== account.email ? row.email : null
}
