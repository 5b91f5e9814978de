import type { Db } from '../db.ts'
import { isSealed, SEALED_VERSION, seal, unseal } from '../platform/sealed.ts'
import type { RefreshSession } from './repository.ts'
import { findPlainSecrets, resealSecret } from './repository.ts'

// Two-factor secrets sealed at rest (issue 29, decision 037; platform/sealed.ts), bound to their
// account. A base32 secret never has a dot, so a row of before (plain base32) is told apart and
// sealed at the next start (sealPlainSecrets).

const PURPOSE = 'two-factor secret v1'

const accountData = (account: RefreshSession) => `${account.accountType}:${account.accountId}`

export const sealSecret = (jwtSecret: string, account: RefreshSession, secret: string) =>
	seal(jwtSecret, PURPOSE, accountData(account), secret)

/**
 * The secret a stored value holds: opened when sealed, as it is when a plain row of before; null
 * when it was sealed with another key or for another account (then no code can match).
 */
export const openSecret = (jwtSecret: string, account: RefreshSession, stored: string) =>
	isSealed(stored) ? unseal(jwtSecret, PURPOSE, accountData(account), stored) : stored

/**
 * Seals the secrets stored before sealing existed; runs at every start under the migration lock.
 * Each row is rewritten only if it still holds the plain value read, so it is safe beside requests.
 */
export async function sealPlainSecrets(db: Db, jwtSecret: string): Promise<number> {
	const plain = await findPlainSecrets(db, SEALED_VERSION)
	for (const row of plain) {
		const account = { accountType: row.account_type, accountId: row.account_id }
		await resealSecret(db, row, sealSecret(jwtSecret, account, row.secret))
	}
	return plain.length
}
