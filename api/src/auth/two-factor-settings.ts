import { accountLimitsOf } from '../account/limits.ts'
import {
	sendTwoFactorOff,
	sendTwoFactorOn,
	sendTwoFactorRecoveryStarted,
} from '../account/mails.ts'
import { emailSettingsOf } from '../account/own.ts'
import {
	currentPasswordCheck,
	TOO_MANY_WRONG_PASSWORDS,
	WRONG_CURRENT_PASSWORD,
} from '../account/recent-password.ts'
import type { AccountRecord } from '../account/repository.ts'
import { ACCOUNT_NOT_FOUND } from '../account/own.ts'
import { afterAnswer } from '../platform/after-answer.ts'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError, validationError, refusalCode } from '../platform/errors.ts'
import type { Passwords } from '../platform/passwords.ts'
import { Moment, phrase } from '../platform/i18n.ts'
import { deleteTwoFactor } from './repository.ts'
import {
	finishEnrollment,
	isTwoFactorOn,
	otpauthUri,
	pendingSecret,
	spendSecondFactor,
	startEnrollment,
	WRONG_CODE,
} from './two-factor.ts'
import { cancelRecovery, recoveryReadyAt, startRecovery } from './two-factor-recovery.ts'

// The account's two-factor settings: set up, on, off, and the way back without a code (moved from
// account/routes.ts, decision 060). The calls are the account's (`/account/...`); the work is
// sign-in's, here after account in the domain order, which lets it use the account's password
// check, limits and mails.

export const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on'
export const TWO_FACTOR_ALREADY_OFF = 'Two-factor sign-in is already off'
export const SET_UP_FIRST = 'Start setting up two-factor sign-in first'
export const NO_RECOVERY_WAITING = 'No request to turn off two-factor sign-in is waiting'
export const INVALID_RECOVERY_LINK =
	'This link is invalid, used or expired. Log in and ask for a new one on the page that asks for your code.'
// Refusals a client tells apart by their code (decision 072).
refusalCode(TWO_FACTOR_ALREADY_ON, 'two_factor_already_on')
refusalCode(TWO_FACTOR_ALREADY_OFF, 'two_factor_already_off')
refusalCode(SET_UP_FIRST, 'two_factor_setup_not_started')
refusalCode(NO_RECOVERY_WAITING, 'no_recovery_waiting')
refusalCode(INVALID_RECOVERY_LINK, 'invalid_link')

/** What a two-factor change with the password and a code refuses, named once for its calls. */
export const CODE_CHANGE_REFUSALS = {
	400: [WRONG_CURRENT_PASSWORD, { path: 'code', msg: WRONG_CODE }],
	404: ACCOUNT_NOT_FOUND,
	429: TOO_MANY_WRONG_PASSWORDS,
} as const

/** Whether two-factor is on, and the set-up under way (its secret, shown until confirmed). */
async function twoFactorOf({ db, config }: Pick<ApiDeps, 'db' | 'config'>, account: AccountRecord) {
	const secret = await pendingSecret(db, account, config.jwtSecret)
	const readyAt = await recoveryReadyAt(db, account)
	return {
		enabled: await isTwoFactorOn(db, account),
		setup: secret ? { secret, uri: otpauthUri(secret, account.email) } : null,
		recoveryReadyAt: readyAt?.toISOString() ?? null,
	}
}

/** The settings page's account: its email part (account/own.ts) and its two-factor. */
export async function accountSettings(deps: ApiDeps, account: AccountRecord) {
	return {
		account: {
			...(await emailSettingsOf(deps.db, account)),
			twoFactor: await twoFactorOf(deps, account),
		},
	}
}

/** A code for a two-factor change; wrong ones are limited like wrong current passwords. */
async function checkCode<T>(
	deps: ApiDeps,
	account: AccountRecord,
	check: () => Promise<T>,
): Promise<NonNullable<T>> {
	const limits = accountLimitsOf(deps)
	const key = `two-factor:${account.accountType}:${account.accountId}`
	await limits.passwordCheckAllowed(key)
	const passed = await check()
	if (!passed) {
		await limits.passwordCheckFailed(key)
		throw validationError([{ path: 'code', msg: WRONG_CODE }])
	}
	return passed
}

/** A new secret for the authenticator app, waiting for its first code (a new set-up replaces it). */
export async function setUpTwoFactor(
	deps: ApiDeps,
	passwords: Passwords,
	account: AccountRecord,
	currentPassword: string,
) {
	const { db, config } = deps
	if (await isTwoFactorOn(db, account)) throw new ApiError(409, TWO_FACTOR_ALREADY_ON)
	await currentPasswordCheck(deps, passwords)(account, currentPassword)
	const secret = await startEnrollment(db, account, config.jwtSecret)
	if (!secret) throw new ApiError(409, TWO_FACTOR_ALREADY_ON)
	return {
		message:
			'Scan the QR code with your authenticator app (or type the key), then enter the code it shows.',
		secret,
		uri: otpauthUri(secret, account.email),
	}
}

/** Two-factor on, with the app's first code: the recovery codes, given this once. */
export async function enableTwoFactor(
	deps: ApiDeps,
	passwords: Passwords,
	account: AccountRecord,
	{ code, currentPassword }: { code: string; currentPassword: string },
) {
	const { db, config } = deps
	if (await isTwoFactorOn(db, account)) throw new ApiError(409, TWO_FACTOR_ALREADY_ON)
	if (!(await pendingSecret(db, account, config.jwtSecret))) {
		throw new ApiError(409, SET_UP_FIRST)
	}
	await currentPasswordCheck(deps, passwords)(account, currentPassword)
	const recoveryCodes = await checkCode(deps, account, () =>
		finishEnrollment(db, account, code, config.jwtSecret),
	)
	afterAnswer(() => sendTwoFactorOn(deps, account))
	return {
		message: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
		recoveryCodes,
	}
}

/** Two-factor off, with the password and a code (or a recovery code). */
export async function disableTwoFactor(
	deps: ApiDeps,
	passwords: Passwords,
	account: AccountRecord,
	{ code, currentPassword }: { code: string; currentPassword: string },
) {
	const { db, config } = deps
	if (!(await isTwoFactorOn(db, account))) throw new ApiError(409, TWO_FACTOR_ALREADY_OFF)
	await currentPasswordCheck(deps, passwords)(account, currentPassword)
	await checkCode(deps, account, () => spendSecondFactor(db, account, code, config.jwtSecret))
	await deleteTwoFactor(db, account)
	afterAnswer(() => sendTwoFactorOff(deps, account))
	return { message: 'Two-factor sign-in is off.' }
}

/**
 * Following the mailed link of a request to turn two-factor off without a code: the three-day
 * wait starts (decision 053) and the account is mailed.
 */
export async function startTwoFactorRecovery(deps: ApiDeps, address: string, token: string) {
	await accountLimitsOf(deps).tokenPresented(address)
	const started = await startRecovery(deps.db, token)
	if (!started) {
		throw new ApiError(400, INVALID_RECOVERY_LINK, [{ path: 'token', msg: INVALID_RECOVERY_LINK }])
	}
	afterAnswer(() => sendTwoFactorRecoveryStarted(deps, started.account, started.readyAt))
	return {
		// In the reader's language (decision 072): the date in its words, in UTC as in English.
		message: phrase(
			'Two-factor sign-in turns off on {date}. From then, you log in with your password alone. We have mailed you so.',
			{
				date: new Moment(started.readyAt, started.readyAt.toUTCString(), {
					dateStyle: 'full',
					timeStyle: 'long',
					timeZone: 'UTC',
				}),
			},
		),
		readyAt: started.readyAt.toISOString(),
	}
}

/** Cancels a waiting request to turn two-factor off, with the password and a code. */
export async function cancelTwoFactorRecovery(
	deps: ApiDeps,
	passwords: Passwords,
	account: AccountRecord,
	{ code, currentPassword }: { code: string; currentPassword: string },
) {
	const { db, config } = deps
	if (!(await recoveryReadyAt(db, account))) throw new ApiError(409, NO_RECOVERY_WAITING)
	await currentPasswordCheck(deps, passwords)(account, currentPassword)
	await checkCode(deps, account, () => spendSecondFactor(db, account, code, config.jwtSecret))
	await cancelRecovery(db, account)
	return { message: 'Cancelled: two-factor sign-in stays on.' }
}
