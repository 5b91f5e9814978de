import { createHash, randomBytes } from 'node:crypto'
import { generateSecret, generateURI, verify } from 'otplib'
import type { Db } from '../db.ts'
import type { RefreshSession } from './repository.ts'
import {
	countUnusedRecoveryCodes,
	findEnabledTwoFactor,
	findPendingSecret,
	findTotpState,
	recordTimeStep,
	replaceRecoveryCodes,
	spendRecoveryCode,
	storePendingSecret,
} from './repository.ts'
import { openSecret, sealSecret } from './totp-secrets.ts'
import { refusalCode } from '../platform/errors.ts'

// Two-factor sign-in (issue 29, decision 033): TOTP codes (RFC 6238, otplib: SHA-1, 6 digits,
// 30 s, as every authenticator app reads them) and ten one-time recovery codes. Secrets are sealed
// at rest with a key from JWT_SECRET (`sealKey`, totp-secrets.ts, decision 037).

const ISSUER = 'TutorHub'
export const WRONG_CODE =
	'That code is not right. Enter the current code from your authenticator app, or one of your recovery codes.'
// Refusals a client tells apart by their code (decision 072).
refusalCode(WRONG_CODE, 'wrong_code')
/** One step either side: a phone's clock a little off, or a code typed as it turned over. */
const TOLERANCE_SECONDS = 30
const RECOVERY_CODES = 10
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex')

/** Whether the account signs in with a second step. */
export async function isTwoFactorOn(db: Db, account: RefreshSession): Promise<boolean> {
	const row = await findEnabledTwoFactor(db, account)
	return row !== undefined
}

/** The secret waiting for its first code, if enrolment has started and not finished. */
export async function pendingSecret(
	db: Db,
	account: RefreshSession,
	sealKey: string,
): Promise<string | null> {
	const row = await findPendingSecret(db, account)
	return row ? openSecret(sealKey, account, row.secret) : null
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export const otpauthUri = (secret: string, label: string) =>
	generateURI({ issuer: ISSUER, label, secret })

/** Starts (or starts again) enrolment with a new secret; false when two-factor is already on. */
export async function startEnrollment(
	db: Db,
	account: RefreshSession,
	sealKey: string,
): Promise<string | null> {
	const secret = generateSecret()
	const sealed = sealSecret(sealKey, account, secret)
	const row = await storePendingSecret(db, account, sealed)
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
	const row = await findTotpState(db, account, enabled)
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
	return recordTimeStep(db, account, row.secret, step, !enabled)
}

function newRecoveryCode() {
	const bytes = randomBytes(10)
	const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length])
	return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}

/** Finishes enrolment with the first code; answers the ten recovery codes, shown once. */
export async function finishEnrollment(
	db: Db,
	account: RefreshSession,
	code: string,
	sealKey: string,
): Promise<string[] | null> {
	if (!(await spendTotp(db, account, code, false, sealKey))) return null
	const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode)
	await replaceRecoveryCodes(db, account, codes.map(hashOf))
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
	if (!(await spendRecoveryCode(db, account, hashOf(normal)))) return null
	return { kind: 'recovery', left: await countUnusedRecoveryCodes(db, account) }
}
