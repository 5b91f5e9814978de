import type { z } from 'zod'
import { phrase } from '../platform/i18n.ts'
import type { Db } from '../db.ts'
import type { Account, ApiDeps } from '../platform/context.ts'
import { ApiError, MESSAGES, validationError, refusalCode } from '../platform/errors.ts'
import type { Passwords } from '../platform/passwords.ts'
import type { NotificationPreferences } from '../schema.ts'
import { accountLimitsOf } from './limits.ts'
import { sendVerification } from './mails.ts'
import { toNotificationSettings } from './present.ts'
import { currentPasswordCheck } from './recent-password.ts'
import {
	findAccount,
	isEmailTaken,
	setNotificationPreferences,
	type AccountRecord,
} from './repository.ts'
import type { notificationPreferences } from './schemas.ts'
import { accountRefOf, pendingEmailOf } from './tokens.ts'

// The signed-in account's own settings: its email and its notification mails (moved from
// account/routes.ts, decision 060). Its password and two-factor are sign-in's: auth/password.ts,
// auth/two-factor-settings.ts.

export const ACCOUNT_NOT_FOUND = 'Account not found'
export const ALREADY_YOUR_EMAIL = 'This is already your email address'
export const ALREADY_VERIFIED = 'Your email address is already verified'
// Refusals a client tells apart by their code (decision 072).
refusalCode(ALREADY_VERIFIED, 'already_verified')
/** What asking for a verification mail refuses past its limits (account/limits.ts), named once. */
export const TOO_MANY_MAILS = [
	'Too many verification mails asked for. Try again in <time>.',
	'Too many mails to this address. Try again in <time>.',
] as const

/** The caller's account record; 404 when it is gone. */
export async function ownAccount(db: Db, account: Account) {
	const record = await findAccount(db, accountRefOf(account))
	if (!record) throw new ApiError(404, ACCOUNT_NOT_FOUND)
	return record
}

/** The settings page's email part: the address, whether it is proven, a change waiting, the mails. */
export async function emailSettingsOf(db: Db, account: AccountRecord) {
	return {
		accountType: account.accountType,
		email: account.email,
		emailVerified: account.emailVerified,
		pendingEmail: await pendingEmailOf(db, account),
		notifications: account.notifications && toNotificationSettings(account.notifications),
	}
}

/**
 * A change of email, with the current password: a verification link goes to the new address,
 * which replaces the old one once followed.
 */
export async function changeEmail(
	deps: ApiDeps,
	passwords: Passwords,
	account: AccountRecord,
	{ email, currentPassword }: { email: string; currentPassword: string },
) {
	const limits = accountLimitsOf(deps)
	await currentPasswordCheck(deps, passwords)(account, currentPassword)
	if (email === account.email) {
		throw validationError([{ path: 'email', msg: ALREADY_YOUR_EMAIL }])
	}
	// Counted before the address is looked up: once the limit is hit, a taken address answers the
	// same 429 as a free one, so the 409 is no way to test addresses (issue 29).
	await limits.resendRequested(`${account.accountType}:${account.accountId}`)
	if (await isEmailTaken(deps.db, account.accountType, email)) {
		throw new ApiError(409, MESSAGES.duplicateEmail)
	}
	await limits.mailTo(email)
	// Before the answer: the page it sends the user back to shows the pending address, so its link
	// must exist by then (the mail itself goes out from the queue).
	await sendVerification(deps, account, email)
	return {
		message: phrase('We sent a link to {email}. Your email address changes when you follow it.', {
			email,
		}),
		pendingEmail: email,
	}
}

/** The verification link again, to the pending new address if a change waits. */
export async function resendVerification(deps: ApiDeps, account: AccountRecord) {
	const limits = accountLimitsOf(deps)
	const pending = await pendingEmailOf(deps.db, account)
	if (account.emailVerified && !pending) throw new ApiError(409, ALREADY_VERIFIED)
	await limits.resendRequested(`${account.accountType}:${account.accountId}`)
	const to = pending ?? account.email
	await limits.mailTo(to)
	await sendVerification(deps, account, to)
	return { message: phrase('We sent a new verification link to {email}.', { email: to }) }
}

/** Turns kinds of notification mail on or off; the others stay as they were. */
export async function saveNotifications(
	db: Db,
	account: AccountRecord,
	changes: z.output<typeof notificationPreferences>,
) {
	const merged: NotificationPreferences = { ...account.notifications, ...changes }
	await setNotificationPreferences(db, account.accountId, merged)
	return { message: 'Notification settings saved', notifications: toNotificationSettings(merged) }
}
