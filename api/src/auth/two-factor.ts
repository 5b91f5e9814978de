import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { generateSecret, generateURI, verify } from 'otplib'
import type { Db } from '../db.ts'
import type { RefreshSession } from './refresh-tokens.ts'
import { openSecret, sealSecret } from './totp-secrets.ts'

// Two-factor sign-in (issue 29, decision 033): TOTP codes (RFC 6238, otplib: SHA-1, 6 digits,
// 30 s, as every authenticator app reads them) and ten one-time recovery codes. Secrets are sealed
// at rest with a key from JWT_SECRET (`sealKey`, totp-secrets.ts, decision 037).

const ISSUER = 'TutorHub'
export const WRONG_CODE =
	'That code is not right. Enter the current code from your authenticator app, or one of your recovery codes.'
/** One step either side: a phone's clock a little off, or a code typed as it turned over. */
const TOLERANCE_SECONDS = 30
const RECOVERY_CODES = 10
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex')

const own = (db: Db, table: 'two_factor' | 'recovery_codes', account: RefreshSession) =>
	db
		.selectFrom(table)
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)

/** Whether the account signs in with a second step. */
export async function isTwoFactorOn(db: Db, account: RefreshSession): Promise<boolean> {
	const row = await own(db, 'two_factor', account)
		.select('enabled_at')
		.where('enabled_at', 'is not', null)
		.executeTakeFirst()
	return row !== undefined
}

/** The secret waiting for its first code, if enrolment has started and not finished. */
export async function pendingSecret(
	db: Db,
	account: RefreshSession,
	sealKey: string,
): Promise<string | null> {
	const row = await own(db, 'two_factor', account)
		.select('secret')
		.where('enabled_at', 'is', null)
		.executeTakeFirst()
	return row ? openSecret(sealKey, account, row.secret) : null
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export const otpauthUri = (secret: string, label: string) =>
	generateURI({ issuer: ISSUER, label, secret })

/** Starts (or starts again) enrolment with a new secret; false when two-factor is already on. */
export async function startEnrolment(
	db: Db,
	account: RefreshSession,
	sealKey: string,
): Promise<string | null> {
	const secret = generateSecret()
	const sealed = sealSecret(sealKey, account, secret)
	const row = await db
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
	return row ? secret : null
}

/**
 * Accepts a TOTP code once: the code's time step must be later than the last one accepted, and
 * recording it is one conditional update, so two requests with one code cannot both pass.
 */
async function spendTotp(
	db: Db,
	account: RefreshSession,
	code: string,
	enabled: boolean,
	sealKey: string,
): Promise<boolean> {
	if (!/^\d{6}$/.test(code)) return false
	const row = await own(db, 'two_factor', account)
		.select(['secret', 'last_time_step'])
		.where('enabled_at', enabled ? 'is not' : 'is', null)
		.executeTakeFirst()
	const secret = row && openSecret(sealKey, account, row.secret)
	if (!row || !secret) return false
	const last = row.last_time_step === null ? undefined : Number(row.last_time_step)
	const result = await verify({
		secret,
		token: code,
		epochTolerance: TOLERANCE_SECONDS,
		...(last !== undefined && { afterTimeStep: last }),
	})
	const step = result.valid && 'timeStep' in result ? result.timeStep : undefined
	if (step === undefined) return false
	const updated = await db
		.updateTable('two_factor')
		.set({
			last_time_step: step,
			...(!enabled && { enabled_at: new Date() }),
		})
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where('secret', '=', row.secret)
		.where((eb) =>
			eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', String(step))]),
		)
		.executeTakeFirst()
	return Number(updated.numUpdatedRows) === 1
}

function newRecoveryCode() {
	const bytes = randomBytes(10)
	const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length])
	return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}

/** Finishes enrolment with the first code; answers the ten recovery codes, shown once. */
export async function finishEnrolment(
	db: Db,
	account: RefreshSession,
	code: string,
	sealKey: string,
): Promise<string[] | null> {
	if (!(await spendTotp(db, account, code, false, sealKey))) return null
	const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode)
	await db
		.deleteFrom('recovery_codes')
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.execute()
	await db
		.insertInto('recovery_codes')
		.values(
			codes.map((recovery) => ({
				account_type: account.accountType,
				account_id: account.accountId,
				code_hash: hashOf(recovery),
				used_at: null,
			})),
		)
		.execute()
	return codes
}

export type SecondFactor = { kind: 'totp' } | { kind: 'recovery'; left: number }

/**
 * A code of an account with two-factor on: a TOTP code not used before, or an unused recovery
 * code (then spent). Null when neither.
 */
export async function spendSecondFactor(
	db: Db,
	account: RefreshSession,
	given: string,
	sealKey: string,
): Promise<SecondFactor | null> {
	const code = given.trim().toLowerCase().replace(/\s+/g, '')
	if (await spendTotp(db, account, code, true, sealKey)) return { kind: 'totp' }
	if (!/^[a-z0-9]{5}-?[a-z0-9]{5}$/.test(code)) return null
	const normal = code.includes('-') ? code : `${code.slice(0, 5)}-${code.slice(5)}`
	const spent = await db
		.updateTable('recovery_codes')
		.set({ used_at: sql<Date>`now()` })
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where('code_hash', '=', hashOf(normal))
		.where('used_at', 'is', null)
		.executeTakeFirst()
	if (Number(spent.numUpdatedRows) !== 1) return null
	const { left } = await own(db, 'recovery_codes', account)
		.select((eb) => eb.fn.countAll<string>().as('left'))
		.where('used_at', 'is', null)
		.executeTakeFirstOrThrow()
	return { kind: 'recovery', left: Number(left) }
}

/** Turns two-factor off: the secret and the recovery codes go. */
export async function turnOffTwoFactor(db: Db, account: RefreshSession) {
	for (const table of ['two_factor', 'recovery_codes'] as const) {
		await db
			.deleteFrom(table)
			.where('account_type', '=', account.accountType)
			.where('account_id', '=', account.accountId)
			.execute()
	}
}
