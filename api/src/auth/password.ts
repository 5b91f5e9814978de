import type { Context } from 'hono'
import { accountLimitsOf } from '../account/limits.ts'
import { sendPasswordChanged } from '../account/mails.ts'
import { currentPasswordCheck } from '../account/recent-password.ts'
import {
	confirmEmail,
	findAccount,
	retireTokens,
	setPasswordHash,
	type AccountRecord,
} from '../account/repository.ts'
import { consumeToken, isTokenUsable } from '../account/tokens.ts'
import { afterAnswer } from '../platform/after-answer.ts'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, validationError, refusalCode } from '../platform/errors.ts'
import type { Passwords } from '../platform/passwords.ts'
import { currentSessionId } from './devices.ts'
import { endFeedAddress, revokeAllSessions, revokeOtherSessions } from './repository.ts'

// A new password, by a reset link or with the current one (moved from account/routes.ts, decision
// 060). The calls are the account's (`/account/...`); the work is here because a new password
// ends sessions, which are sign-in's, and auth comes after account in the domain order.

export const INVALID_RESET_LINK =
	'This password reset link is invalid, used or expired. Ask for a new one.'
// Refusals a client tells apart by their code (decision 072).
refusalCode(INVALID_RESET_LINK, 'invalid_link')
export const SAME_PASSWORD = 'Choose a password different from your current one'

const invalidResetLink = () =>
	new ApiError(400, INVALID_RESET_LINK, [{ path: 'token', msg: INVALID_RESET_LINK }])

/**
 * A new password by a reset link's token: every session of the account ends, the calendar feed
 * gets a new address, the address counts as verified (following the link proved it), and the
 * account is mailed.
 */
export async function resetPassword(
	deps: ApiDeps,
	passwords: Passwords,
	address: string,
	{ token, password }: { token: string; password: string },
) {
	const { db } = deps
	await accountLimitsOf(deps).tokenPresented(address)
	// A bogus link costs no password hashing (issue 29); the token is still spent only below, once,
	// in the transaction, so two requests racing with one link cannot both pass.
	if (!(await isTokenUsable(db, 'password_reset', token))) throw invalidResetLink()
	// Hashed before the token is spent, so the spending transaction stays short.
	const passwordHash = await passwords.hash(password)
	const spent = await db.transaction().execute(async (trx) => {
		const owner = await consumeToken(trx, 'password_reset', token)
		if (!owner) return null
		await setPasswordHash(trx, owner, passwordHash)
		await retireTokens(trx, 'password_reset', owner)
		// Whoever held a session (maybe the reason for the reset) holds it no longer, nor a calendar
		// address they copied.
		await revokeAllSessions(trx, owner)
		if (owner.accountType === 'user') await endFeedAddress(trx, owner.accountId)
		// Following the link proved the mailbox is theirs.
		const account = await findAccount(trx, owner)
		if (account && !account.emailVerified && account.email === owner.email) {
			await confirmEmail(trx, owner, owner.email)
		}
		return account ?? null
	})
	if (!spent) throw invalidResetLink()
	afterAnswer(() => sendPasswordChanged(deps, spent))
	return { message: 'Your password has been reset. Log in with your new password.' }
}

/**
 * A new password with the current one: every other session ends, reset links stop working, the
 * calendar feed gets a new address, and the account is mailed.
 */
export async function changePassword(
	deps: ApiDeps,
	passwords: Passwords,
	c: Context<ApiEnv>,
	account: AccountRecord,
	{ currentPassword, newPassword }: { currentPassword: string; newPassword: string },
) {
	const { db, config } = deps
	await currentPasswordCheck(deps, passwords)(account, currentPassword)
	if (currentPassword === newPassword) {
		throw validationError([{ path: 'newPassword', msg: SAME_PASSWORD }])
	}
	await setPasswordHash(db, account, await passwords.hash(newPassword))
	await retireTokens(db, 'password_reset', account)
	if (account.accountType === 'user') await endFeedAddress(db, account.accountId)
	await revokeOtherSessions(db, account, await currentSessionId(c, config.jwtSecret))
	afterAnswer(() => sendPasswordChanged(deps, account))
	return {
		message: 'Password changed. Every other device signed in to your account was logged out.',
	}
}
