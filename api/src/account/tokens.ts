import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import type { AccountTokenPurpose } from '../schema.ts'
import {
	findNewestVerificationEmail,
	findUsableToken,
	replaceTokens,
	spendToken,
} from './repository.ts'
import type { AccountRef, AccountToken } from './repository.ts'

// Its row types live with the repository (decision 060: no import circle, types included).
export type { AccountRef, AccountToken }

/** The account a caller signed in as, as the account calls name it. */
export const accountRefOf = (account: Account): AccountRef => ({
	accountType: account.role === 'organization' ? 'organization' : 'user',
	accountId: account.id,
})

export const RESET_TTL_MS = 60 * 60 * 1000
export const VERIFICATION_TTL_MS = 3 * 24 * 60 * 60 * 1000

/** What is stored of a link token (a bulk insert of tokens hashes them the same way). */
export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A new single-use link token: 256 random bits, of which only the hash is stored. Older unused
 * tokens of the same purpose for the account stop working, so only the latest mail's link counts.
 */
export async function issueToken(
	db: Db,
	purpose: AccountTokenPurpose,
	account: AccountToken,
	ttlMs: number,
): Promise<string> {
	const token = randomBytes(32).toString('base64url')
	await replaceTokens(db, purpose, account, {
		tokenHash: hashOf(token),
		expiresAt: new Date(Date.now() + ttlMs),
	})
	return token
}

/**
 * Spends a token: only an unused, unexpired token passes, so of two requests with the same token
 * at the same moment exactly one gets it. Answers whose it was, or null.
 */
export async function consumeToken(
	db: Db,
	purpose: AccountTokenPurpose,
	token: string,
): Promise<AccountToken | null> {
	const row = await spendToken(db, purpose, hashOf(token))
	return row ? { accountType: row.account_type, accountId: row.account_id, email: row.email } : null
}

/** Whether a token would still work, without spending it (the reset page asks before showing its form). */
export async function isTokenUsable(db: Db, purpose: AccountTokenPurpose, token: string) {
	return (await findUsableToken(db, purpose, hashOf(token))) !== undefined
}

/** The address a pending email change waits on: the newest usable verification link for another email. */
export async function pendingEmailOf(
	db: Db,
	account: AccountRef & { email: string },
): Promise<string | null> {
	const row = await findNewestVerificationEmail(db, account)
	return row && row.email !== account.email ? row.email : null
}
