import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import type { Db } from '../db.ts'
import type { RefreshSession } from './refresh-tokens.ts'

// Two-factor secrets sealed at rest (issue 29, decision 037): AES-256-GCM with a key derived by
// HKDF-SHA256 from JWT_SECRET, which production already requires and every API process shares.
// A copy of the database alone (a backup, a leaked dump) then gives no one the codes. The
// account is the additional data, so a sealed secret moved to another account's row opens nothing.
// Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url); a base32 secret never has a dot, so a row of
// before (plain base32) is told apart and sealed at the next start (sealPlainSecrets).

const VERSION = 'v1'
const keys = new Map<string, Buffer>()

function keyOf(jwtSecret: string): Buffer {
	let key = keys.get(jwtSecret)
	if (!key) {
		key = Buffer.from(hkdfSync('sha256', jwtSecret, 'tutorhub', 'two-factor secret v1', 32))
		keys.set(jwtSecret, key)
	}
	return key
}

const accountData = (account: RefreshSession) =>
	Buffer.from(`${account.accountType}:${account.accountId}`)

export function sealSecret(jwtSecret: string, account: RefreshSession, secret: string): string {
	const iv = randomBytes(12)
	const cipher = createCipheriv('aes-256-gcm', keyOf(jwtSecret), iv)
	cipher.setAAD(accountData(account))
	const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
	return [VERSION, iv, cipher.getAuthTag(), sealed]
		.map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
		.join('.')
}

/**
 * The secret a stored value holds: opened when sealed, as it is when a plain row of before; null
 * when it was sealed with another key or for another account (then no code can match).
 */
export function openSecret(jwtSecret: string, account: RefreshSession, stored: string) {
	const [version, iv, tag, sealed, ...rest] = stored.split('.')
	if (version !== VERSION) return stored
	if (!iv || !tag || sealed === undefined || rest.length > 0) return null
	try {
		const decipher = createDecipheriv('aes-256-gcm', keyOf(jwtSecret), Buffer.from(iv, 'base64url'))
		decipher.setAAD(accountData(account))
		decipher.setAuthTag(Buffer.from(tag, 'base64url'))
		const plain = Buffer.concat([
			decipher.update(Buffer.from(sealed, 'base64url')),
			decipher.final(),
		])
		return plain.toString('utf8')
	} catch {
		return null
	}
}

/**
 * Seals the secrets stored before sealing existed; runs at every start under the migration lock.
 * Each row is rewritten only if it still holds the plain value read, so it is safe beside requests.
 */
export async function sealPlainSecrets(db: Db, jwtSecret: string): Promise<number> {
	const plain = await db
		.selectFrom('two_factor')
		.select(['account_type', 'account_id', 'secret'])
		.where('secret', 'not like', `${VERSION}.%`)
		.execute()
	for (const row of plain) {
		const account = { accountType: row.account_type, accountId: row.account_id }
		await db
			.updateTable('two_factor')
			.set({ secret: sealSecret(jwtSecret, account, row.secret) })
			.where('account_type', '=', row.account_type)
			.where('account_id', '=', row.account_id)
			.where('secret', '=', row.secret)
			.execute()
	}
	return plain.length
}
