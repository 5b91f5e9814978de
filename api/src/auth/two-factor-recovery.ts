import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db.ts'
import type { RefreshSession } from './refresh-tokens.ts'
import {
	deleteRecovery,
	deleteTwoFactor,
	findEnabledTwoFactor,
	findStartedRecovery,
	startRecoveryByLink,
	storeRecoveryLink,
	takeReadyRecovery,
} from './repository.ts'

// The way back for an owner who cannot give a two-factor code (issue 38, decision 053): someone
// else turned it on, or the phone is gone with the recovery codes. As Microsoft, Google and GitHub
// do, the owner proves the password (the login's challenge) and the mailbox (a link), then waits:
// during the period every sign-in with a code can cancel it, and after it the next password login
// turns two-factor off.

/** The waiting period: three days, so a weekend away from mail still leaves a school day to see it. */
export const RECOVERY_WAIT_MS = 3 * 24 * 60 * 60 * 1000
/** The mailed link works for an hour, as a password reset link does. */
const LINK_TTL_MS = 60 * 60 * 1000

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A link's token for the account's request, or null when two-factor is off or a request already
 * waits out its period (asking again does not restart it).
 */
export async function requestRecoveryLink(db: Db, account: RefreshSession): Promise<string | null> {
	if (!(await findEnabledTwoFactor(db, account))) return null
	const token = randomBytes(32).toString('base64url')
	const stored = await storeRecoveryLink(
		db,
		account,
		hashOf(token),
		new Date(Date.now() + LINK_TTL_MS),
	)
	return stored ? token : null
}

/** Following the link: the waiting period starts. Null for a link used, expired or unknown. */
export async function startRecovery(db: Db, token: string) {
	const row = await startRecoveryByLink(db, hashOf(token), new Date(Date.now() + RECOVERY_WAIT_MS))
	if (!row?.ready_at) return null
	const account: RefreshSession = { accountType: row.account_type, accountId: row.account_id }
	return { account, readyAt: row.ready_at }
}

/** When the account's started request takes effect, or null when none waits. */
export async function recoveryReadyAt(db: Db, account: RefreshSession): Promise<Date | null> {
	return (await findStartedRecovery(db, account))?.ready_at ?? null
}

export const cancelRecovery = (db: Db, account: RefreshSession) => deleteRecovery(db, account)

/**
 * At a right password: when the account's request has waited its period, two-factor turns off
 * (secret, recovery codes and the request go in one transaction). True when it did.
 */
export function finishReadyRecovery(db: Db, account: RefreshSession): Promise<boolean> {
	return db.transaction().execute(async (trx) => {
		if (!(await takeReadyRecovery(trx, account))) return false
		await deleteTwoFactor(trx, account)
		return true
	})
}
