import { requestSpeaker } from '../platform/i18n.ts'
import type { Context } from 'hono'
import { endOwnSession, listSessions } from '../auth/devices.ts'
import type { Passwords } from '../platform/passwords.ts'
import {
	finishEnrollment,
	isTwoFactorOn,
	otpauthUri,
	pendingSecret,
	spendSecondFactor,
	startEnrollment,
	WRONG_CODE,
} from '../auth/two-factor.ts'
import { deleteTwoFactor, revokeAllSessions, revokeOtherSessions } from '../auth/repository.ts'
import { cancelRecovery, recoveryReadyAt, startRecovery } from '../auth/two-factor-recovery.ts'
import { endFeedAddress } from '../calendar/repository.ts'
import { afterAnswer } from '../platform/after-answer.ts'
import { NOTIFICATION_TOPICS } from '../mail/notifications.ts'
import { NOTIFICATION_KINDS } from '../mail/schemas.ts'
import { readUnsubscribeToken } from '../mail/unsubscribe.ts'
import { verifyAccessToken } from '../platform/access-tokens.ts'
import { clientAddress } from '../platform/client-address.ts'
import type { Account, ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, isUniqueViolation, MESSAGES, validationError } from '../platform/errors.ts'
import { answers, ApiRoutes, jsonBody } from '../platform/openapi.ts'
import { accountGuard } from '../platform/require-account.ts'
import type { AccountTokenPurpose, NotificationPreferences } from '../schema.ts'
import { accountLimitsOf } from './limits.ts'
import { currentPasswordCheck } from './recent-password.ts'
import {
	sendEmailChanged,
	sendPasswordChanged,
	sendPasswordReset,
	sendTwoFactorOff,
	sendTwoFactorOn,
	sendTwoFactorRecoveryStarted,
	sendVerification,
} from './mails.ts'
import { toNotificationSettings } from './present.ts'
import {
	accountAnswer,
	emailChange,
	emailChangeAnswer,
	emailVerified,
	forgotPassword,
	linkCheck,
	messageAnswer,
	notificationPreferences,
	notificationsSaved,
	otherSessionsEnded,
	passwordChange,
	recoveryCancel,
	recoveryCodesAnswer,
	recoveryStarted,
	resetPassword,
	sessionList,
	sessionParams,
	tokenOnly,
	twoFactorOff,
	twoFactorOn,
	twoFactorSetupRequest,
	twoFactorSetupAnswer,
	unsubscribed,
} from './schemas.ts'
import {
	confirmEmail,
	findAccount,
	findAccountByEmail,
	isEmailTaken,
	setNotificationPreferences,
	retireTokens,
	setPasswordHash,
	type AccountRecord,
} from './repository.ts'
import { consumeToken, isTokenUsable, pendingEmailOf, type AccountRef } from './tokens.ts'

export const RESET_REQUESTED =
	'If an account with this email exists, we have sent it a link to choose a new password. The link works for one hour.'
export const INVALID_RESET_LINK =
	'This password reset link is invalid, used or expired. Ask for a new one.'
export const INVALID_RECOVERY_LINK =
	'This link is invalid, used or expired. Log in and ask for a new one on the page that asks for your code.'
export const INVALID_VERIFICATION_LINK =
	'This verification link is invalid, used or expired. Ask for a new one from your dashboard.'
const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on'

const invalidResetLink = () =>
	new ApiError(400, INVALID_RESET_LINK, [{ path: 'token', msg: INVALID_RESET_LINK }])

const BEARER = /^Bearer\s+(\S+)\s*$/i

const refOf = (account: Account): AccountRef => ({
	accountType: account.role === 'organization' ? 'organization' : 'user',
	accountId: account.id,
})

/**
 * Password reset, email verification, and the signed-in account's own settings (password, email,
 * notification mails). Decision 023.
 */
export function accountRoutes(deps: ApiDeps, passwords: Passwords) {
	const { db, config } = deps
	const guard = accountGuard({ db, config })
	// Open to a teacher whose organization requires two-factor before it is on: this is where it is
	// set up, and where they see their sessions and mails (decision 037).
	const requireAccount = (options: Parameters<typeof guard>[0] = {}) =>
		guard({ ...options, beforeTwoFactor: true })
	const limits = accountLimitsOf(deps)
	const address = (c: Context<ApiEnv>) => clientAddress(c, config.proxySecret)

	/** The sign-in making this call (its bearer's `sid`; requireAccount has checked it is open). */
	async function currentSessionId(c: Context<ApiEnv>) {
		const bearer = BEARER.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
		return (await verifyAccessToken(bearer, config.jwtSecret))?.sessionId
	}

	/** Whether two-factor is on, and the set-up under way (its secret, shown until confirmed). */
	async function twoFactorOf(account: AccountRecord) {
		const secret = await pendingSecret(db, account, config.jwtSecret)
		const readyAt = await recoveryReadyAt(db, account)
		return {
			enabled: await isTwoFactorOn(db, account),
			setup: secret ? { secret, uri: otpauthUri(secret, account.email) } : null,
			recoveryReadyAt: readyAt?.toISOString() ?? null,
		}
	}

	/** A code for a two-factor change; wrong ones are limited like wrong current passwords. */
	async function checkCode(account: AccountRecord, check: () => Promise<unknown>) {
		const key = `two-factor:${account.accountType}:${account.accountId}`
		await limits.passwordCheckAllowed(key)
		const passed = await check()
		if (!passed) {
			await limits.passwordCheckFailed(key)
			throw validationError([{ path: 'code', msg: WRONG_CODE }])
		}
		return passed
	}

	async function ownAccount(c: Context<ApiEnv>) {
		const account = await findAccount(db, refOf(c.get('account')))
		if (!account) throw new ApiError(404, 'Account not found')
		return account
	}

	/** The current password, before a change of password, email or two-factor (wrong guesses limited). */
	const checkCurrentPassword = currentPasswordCheck(deps, passwords)

	/**
	 * Whether a link's token would still work, without spending it: the pages the reset and
	 * verification links open ask before they show their button (a mail scanner changes nothing).
	 */
	async function checkToken(c: Context<ApiEnv>, purpose: AccountTokenPurpose, token: string) {
		await limits.tokenPresented(address(c))
		return { valid: await isTokenUsable(db, purpose, token) }
	}

	return new ApiRoutes(config, 'account')
		.endpoint(
			{
				method: 'post',
				path: '/forgot-password',
				operationId: 'requestPasswordReset',
				summary:
					'Mail a link to choose a new password (the same answer whether or not the email has an account)',
				request: { body: jsonBody(forgotPassword) },
				description:
					'Anyone: `{ email, accountType? }` (`user` by default, or `organization`). The same answer whether or not an account has that email; the mail, with a link to `PUBLIC_URL/reset-password?token=…` (`&as=organization` for an organization) good for an hour and once, is queued after the answer. At most 10 requests per address and 3 per email in 15 minutes (429 with `Retry-After`). Mails are queued in `mail_outbox` and sent by a worker with retries; no call waits for a mail server (decision 023).',
				responses: answers(
					{ 200: messageAnswer },
					{ 429: 'Too many password reset requests. Try again in <time>.' },
				),
			},
			async (c) => {
				const { email, accountType } = c.req.valid('json')
				await limits.resetRequested(address(c), `${accountType}:${email}`)
				// The answer leaves before the account is even looked for: the same words in the same
				// time whether or not the email has an account.
				afterAnswer(async () => {
					const account = await findAccountByEmail(db, accountType, email)
					if (account) await sendPasswordReset(deps, account)
				})
				return c.json({ message: RESET_REQUESTED }, 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/reset-password/check',
				operationId: 'isResetLinkUsable',
				summary: 'Whether a password reset link would still work, without spending it',
				request: { body: jsonBody(tokenOnly) },
				description:
					"Anyone: `{ valid }`, whether a reset link's token would still work, without spending it.",
				responses: answers({ 200: linkCheck }, { 429: 'Too many attempts. Try again in <time>.' }),
			},
			async (c) => c.json(await checkToken(c, 'password_reset', c.req.valid('json').token), 200),
		)
		.endpoint(
			{
				method: 'post',
				path: '/reset-password',
				operationId: 'resetPassword',
				summary: "A new password by a reset link's token; every session of the account ends",
				request: { body: jsonBody(resetPassword) },
				description:
					"Anyone with a reset link's token sets a new password (the sign-up's rules; the token is checked before the password is hashed): every session of the account ends, the calendar feed gets a new address, and a notice is mailed.",
				responses: answers(
					{ 200: messageAnswer },
					{
						400: [
							'This password reset link is invalid, used or expired. Ask for a new one.',
							{
								path: 'password',
								msg: 'This password is too common and easy to guess. Choose another one.',
							},
						],
						429: 'Too many attempts. Try again in <time>.',
					},
				),
			},
			async (c) => {
				const { token, password } = c.req.valid('json')
				await limits.tokenPresented(address(c))
				// A bogus link costs no password hashing (issue 29); the token is still spent only below,
				// once, in the transaction, so two requests racing with one link cannot both pass.
				if (!(await isTokenUsable(db, 'password_reset', token))) throw invalidResetLink()
				// Hashed before the token is spent, so the spending transaction stays short.
				const passwordHash = await passwords.hash(password)
				const spent = await db.transaction().execute(async (trx) => {
					const owner = await consumeToken(trx, 'password_reset', token)
					if (!owner) return null
					await setPasswordHash(trx, owner, passwordHash)
					await retireTokens(trx, 'password_reset', owner)
					// Whoever held a session (maybe the reason for the reset) holds it no longer, nor a
					// calendar address they copied.
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
				return c.json(
					{ message: 'Your password has been reset. Log in with your new password.' },
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/verify-email/check',
				operationId: 'isVerificationLinkUsable',
				summary: 'Whether a verification link would still work, without spending it',
				request: { body: jsonBody(tokenOnly) },
				description:
					"Anyone: `{ valid }`, whether a verification link's token would still work, without spending it (the page the link opens asks, then shows a button that posts, so a mail scanner's visit changes nothing).",
				responses: answers({ 200: linkCheck }, { 429: 'Too many attempts. Try again in <time>.' }),
			},
			async (c) =>
				c.json(await checkToken(c, 'email_verification', c.req.valid('json').token), 200),
		)
		.endpoint(
			{
				method: 'post',
				path: '/verify-email',
				operationId: 'verifyEmail',
				summary: "Confirm an email address (a new one, or the account's first) by its link's token",
				request: { body: jsonBody(tokenOnly) },
				description:
					"Anyone with a verification link's token confirms the address. For an email change the account's email becomes the new one, reset links sent before stop working, and the old address is mailed `Your TutorHub email address was changed`, naming both addresses and how to get the account back. 409 when another account took the new email meanwhile.",
				responses: answers(
					{ 200: emailVerified },
					{
						400: 'This verification link is invalid, used or expired. Ask for a new one from your dashboard.',
						409: MESSAGES.duplicateEmail,
						429: 'Too many attempts. Try again in <time>.',
					},
				),
			},
			async (c) => {
				const { token } = c.req.valid('json')
				await limits.tokenPresented(address(c))
				try {
					const verified = await db.transaction().execute(async (trx) => {
						const owner = await consumeToken(trx, 'email_verification', token)
						const before = owner && (await findAccount(trx, owner))
						if (!owner || !before || !(await confirmEmail(trx, owner, owner.email))) return null
						// A change of address: reset links mailed to the old one stop working.
						if (before.email !== owner.email) await retireTokens(trx, 'password_reset', owner)
						return { owner, before }
					})
					if (!verified) {
						throw new ApiError(400, INVALID_VERIFICATION_LINK, [
							{ path: 'token', msg: INVALID_VERIFICATION_LINK },
						])
					}
					const { owner: confirmed, before } = verified
					// The old address hears of it, so a change its owner did not make does not go unnoticed.
					if (before.email !== confirmed.email)
						afterAnswer(() => sendEmailChanged(deps, before, confirmed.email))
					return c.json(
						{
							message: 'Your email address is verified.',
							email: confirmed.email,
							accountType: confirmed.accountType,
						},
						200,
					)
				} catch (error) {
					// Someone took the new address after the change was asked for: the link stays unspent.
					if (isUniqueViolation(error)) throw new ApiError(409, MESSAGES.duplicateEmail)
					throw error
				}
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/',
				operationId: 'getAccount',
				summary: "The signed-in account's settings: email, notifications, two-factor",
				middleware: requireAccount(),
				description:
					'Any account: its email, whether it is verified, a pending new email, `notifications` (each kind of notification mail as a boolean for people: `submissionGraded`, `newTask`, `sessions`, `announcements`, `certificates`, `invitations`, `sessionReminders`, `taskReminders`, `gradingReminders`; null for organizations) and `twoFactor` (`{ enabled, setup, recoveryReadyAt }`: `setup` while a set-up waits for its code, `recoveryReadyAt` while a request to turn it off waits).',
				responses: answers({ 200: accountAnswer }, { 404: 'Account not found' }),
			},
			async (c) => {
				const account = await ownAccount(c)
				return c.json(
					{
						account: {
							accountType: account.accountType,
							email: account.email,
							emailVerified: account.emailVerified,
							pendingEmail: await pendingEmailOf(db, account),
							notifications: account.notifications && toNotificationSettings(account.notifications),
							twoFactor: await twoFactorOf(account),
						},
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/password',
				operationId: 'changePassword',
				summary: 'Change the password (the current one is needed); other devices are logged out',
				middleware: requireAccount(),
				request: { body: jsonBody(passwordChange) },
				description:
					'Any account changes its password with the current one: every other session ends and the calendar feed gets a new address. At most 5 wrong current passwords in 15 minutes.',
				responses: answers(
					{ 200: messageAnswer },
					{
						400: [
							{ path: 'currentPassword', msg: 'Your current password is not right' },
							{ path: 'newPassword', msg: 'Choose a password different from your current one' },
							{
								path: 'newPassword',
								msg: 'This password is too common and easy to guess. Choose another one.',
							},
						],
						404: 'Account not found',
						429: 'Too many wrong passwords. Try again in <time>.',
					},
				),
			},
			async (c) => {
				const { currentPassword, newPassword } = c.req.valid('json')
				const account = await ownAccount(c)
				await checkCurrentPassword(account, currentPassword)
				if (currentPassword === newPassword) {
					throw validationError([
						{ path: 'newPassword', msg: 'Choose a password different from your current one' },
					])
				}
				await setPasswordHash(db, account, await passwords.hash(newPassword))
				await retireTokens(db, 'password_reset', account)
				if (account.accountType === 'user') await endFeedAddress(db, account.accountId)
				await revokeOtherSessions(db, account, await currentSessionId(c))
				afterAnswer(() => sendPasswordChanged(deps, account))
				return c.json(
					{
						message:
							'Password changed. Every other device signed in to your account was logged out.',
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/email',
				operationId: 'changeEmail',
				summary: 'Change the email address: it counts once the link mailed to it is followed',
				middleware: requireAccount(),
				request: { body: jsonBody(emailChange) },
				description:
					'Any account asks to change its email, with the current password: a verification link goes to the new address, which replaces the old one once followed (`pendingEmail` meanwhile). At most 3 in 15 minutes, counted before the address is looked up (so a taken one answers 429 too), and at most 6 mails an hour to one address.',
				responses: answers(
					{ 200: emailChangeAnswer },
					{
						400: [
							{ path: 'currentPassword', msg: 'Your current password is not right' },
							{ path: 'email', msg: 'This is already your email address' },
						],
						404: 'Account not found',
						409: MESSAGES.duplicateEmail,
						429: [
							'Too many wrong passwords. Try again in <time>.',
							'Too many verification mails asked for. Try again in <time>.',
							'Too many mails to this address. Try again in <time>.',
						],
					},
				),
			},
			async (c) => {
				const { email, currentPassword } = c.req.valid('json')
				const account = await ownAccount(c)
				await checkCurrentPassword(account, currentPassword)
				if (email === account.email) {
					throw validationError([{ path: 'email', msg: 'This is already your email address' }])
				}
				// Counted before the address is looked up: once the limit is hit, a taken address answers
				// the same 429 as a free one, so the 409 is no way to test addresses (issue 29).
				await limits.resendRequested(`${account.accountType}:${account.accountId}`)
				if (await isEmailTaken(db, account.accountType, email)) {
					throw new ApiError(409, MESSAGES.duplicateEmail)
				}
				await limits.mailTo(email)
				// Before the answer: the page it sends the user back to shows the pending address, so its
				// link must exist by then (the mail itself goes out from the queue).
				await sendVerification(deps, account, email)
				return c.json(
					{
						message: `We sent a link to ${email}. Your email address changes when you follow it.`,
						pendingEmail: email,
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/verification',
				operationId: 'resendVerification',
				summary: 'Mail the verification link again (to the pending address, if a change waits)',
				middleware: requireAccount(),
				description:
					'Any account (empty body): the verification link is mailed again, to the pending new email if there is one (`We sent a new verification link to …`). At most 3 in 15 minutes, and 6 mails an hour to one address.',
				responses: answers(
					{ 200: messageAnswer },
					{
						404: 'Account not found',
						409: 'Your email address is already verified',
						429: [
							'Too many verification mails asked for. Try again in <time>.',
							'Too many mails to this address. Try again in <time>.',
						],
					},
				),
			},
			async (c) => {
				const account = await ownAccount(c)
				const pending = await pendingEmailOf(db, account)
				if (account.emailVerified && !pending) {
					throw new ApiError(409, 'Your email address is already verified')
				}
				await limits.resendRequested(`${account.accountType}:${account.accountId}`)
				const to = pending ?? account.email
				await limits.mailTo(to)
				await sendVerification(deps, account, to)
				return c.json({ message: `We sent a new verification link to ${to}.` }, 200)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/sessions',
				operationId: 'getSessions',
				summary: 'Where the account is signed in, the most recently used first',
				middleware: requireAccount(),
				description:
					"Any account: its open sign-ins, the most recently used first. `device` is read from the user agent at sign-in (`Firefox on Linux`, `Safari on iOS`, `Unknown browser`); `address` and `lastSeenAt` follow each refresh; `current` marks the caller's own (decision 033).",
				responses: answers({ 200: sessionList }),
			},
			async (c) => {
				const sessions = await listSessions(
					db,
					refOf(c.get('account')),
					await currentSessionId(c),
					requestSpeaker(c.req.header('accept-language')).say,
				)
				return c.json({ sessions }, 200)
			},
		)
		.endpoint(
			{
				method: 'delete',
				path: '/sessions/{id}',
				operationId: 'endSession',
				summary: 'Log out one device the account is signed in on',
				middleware: requireAccount(),
				request: { params: sessionParams },
				description:
					"Any account logs out one of its devices: that session's access tokens are refused from the next call (403) and its refresh tokens too (401).",
				responses: answers(
					{ 200: messageAnswer },
					{ 404: 'This device is not signed in to your account' },
				),
			},
			async (c) => {
				const { id } = c.req.valid('param')
				if (!(await endOwnSession(db, refOf(c.get('account')), id))) {
					throw new ApiError(404, 'This device is not signed in to your account')
				}
				return c.json({ message: 'That device was logged out.' }, 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/sessions/end-others',
				operationId: 'endOtherSessions',
				summary: 'Log out every device but this one',
				middleware: requireAccount(),
				description:
					"Any account (empty body): every session but the caller's ends; `message` says how many (`2 other devices were logged out.`, `One other device…`, `No other devices…`).",
				responses: answers({ 200: otherSessionsEnded }),
			},
			async (c) => {
				const ended = await revokeOtherSessions(
					db,
					refOf(c.get('account')),
					await currentSessionId(c),
				)
				return c.json(
					{
						message:
							ended === 1
								? 'One other device was logged out.'
								: `${ended === 0 ? 'No' : ended} other devices were logged out.`,
						ended,
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/two-factor/setup',
				operationId: 'startTwoFactorSetup',
				summary:
					'Start setting up two-factor sign-in (the current password is needed): a new secret for the authenticator app',
				middleware: requireAccount(),
				request: { body: jsonBody(twoFactorSetupRequest) },
				description:
					'Any account, with its current password: a new base32 secret and its `otpauth://totp/TutorHub:…` address, waiting for a code (a set-up started again replaces it); `GET /account` then has `twoFactor.setup`. At most 5 wrong current passwords in 15 minutes.',
				responses: answers(
					{ 200: twoFactorSetupAnswer },
					{
						400: { path: 'currentPassword', msg: 'Your current password is not right' },
						404: 'Account not found',
						409: 'Two-factor sign-in is already on',
						429: 'Too many wrong passwords. Try again in <time>.',
					},
				),
			},
			async (c) => {
				const { currentPassword } = c.req.valid('json')
				const account = await ownAccount(c)
				if (await isTwoFactorOn(db, account)) throw new ApiError(409, TWO_FACTOR_ALREADY_ON)
				await checkCurrentPassword(account, currentPassword)
				const secret = await startEnrollment(db, account, config.jwtSecret)
				if (!secret) throw new ApiError(409, TWO_FACTOR_ALREADY_ON)
				return c.json(
					{
						message:
							'Scan the QR code with your authenticator app (or type the key), then enter the code it shows.',
						secret,
						uri: otpauthUri(secret, account.email),
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/two-factor/enable',
				operationId: 'enableTwoFactor',
				summary:
					"Turn two-factor sign-in on with the app's first code and the current password; answers the recovery codes once",
				middleware: requireAccount(),
				request: { body: jsonBody(twoFactorOn) },
				description:
					"Any account turns two-factor sign-in on with the app's first code and its current password: the answer holds ten one-time recovery codes (`xxxxx-xxxxx`), given this once and stored hashed; the account is mailed. Wrong codes are limited like wrong passwords.",
				responses: answers(
					{ 200: recoveryCodesAnswer },
					{
						400: [
							{ path: 'currentPassword', msg: 'Your current password is not right' },
							{
								path: 'code',
								msg: 'That code is not right. Enter the current code from your authenticator app, or one of your recovery codes.',
							},
						],
						404: 'Account not found',
						409: ['Two-factor sign-in is already on', 'Start setting up two-factor sign-in first'],
						429: 'Too many wrong passwords. Try again in <time>.',
					},
				),
			},
			async (c) => {
				const { code, currentPassword } = c.req.valid('json')
				const account = await ownAccount(c)
				if (await isTwoFactorOn(db, account)) throw new ApiError(409, TWO_FACTOR_ALREADY_ON)
				if (!(await pendingSecret(db, account, config.jwtSecret))) {
					throw new ApiError(409, 'Start setting up two-factor sign-in first')
				}
				await checkCurrentPassword(account, currentPassword)
				const recoveryCodes = await checkCode(account, () =>
					finishEnrollment(db, account, code, config.jwtSecret),
				)
				afterAnswer(() => sendTwoFactorOn(deps, account))
				return c.json(
					{
						message: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
						recoveryCodes,
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/two-factor/disable',
				operationId: 'disableTwoFactor',
				summary: 'Turn two-factor sign-in off (the password and a code are needed)',
				middleware: requireAccount(),
				request: { body: jsonBody(twoFactorOff) },
				description:
					'Any account turns two-factor sign-in off with its current password and a code (or a recovery code); the account is mailed.',
				responses: answers(
					{ 200: messageAnswer },
					{
						400: [
							{ path: 'currentPassword', msg: 'Your current password is not right' },
							{
								path: 'code',
								msg: 'That code is not right. Enter the current code from your authenticator app, or one of your recovery codes.',
							},
						],
						404: 'Account not found',
						409: 'Two-factor sign-in is already off',
						429: 'Too many wrong passwords. Try again in <time>.',
					},
				),
			},
			async (c) => {
				const { currentPassword, code } = c.req.valid('json')
				const account = await ownAccount(c)
				if (!(await isTwoFactorOn(db, account))) {
					throw new ApiError(409, 'Two-factor sign-in is already off')
				}
				await checkCurrentPassword(account, currentPassword)
				await checkCode(account, () => spendSecondFactor(db, account, code, config.jwtSecret))
				await deleteTwoFactor(db, account)
				afterAnswer(() => sendTwoFactorOff(deps, account))
				return c.json({ message: 'Two-factor sign-in is off.' }, 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/two-factor/recovery/start',
				operationId: 'startTwoFactorRecovery',
				summary:
					'Follow the mailed link of a request to turn two-factor off without a code: it turns off after three days',
				request: { body: jsonBody(tokenOnly) },
				description:
					'Anyone with the token of the mail of `POST /auth/two-factor/recovery`: the three-day wait starts (`Two-factor sign-in turns off on <date>. …`, with `readyAt`), the account is mailed `Two-factor sign-in for your TutorHub account turns off in three days`, and `GET /account` shows `twoFactor.recoveryReadyAt` (decision 053).',
				responses: answers(
					{ 200: recoveryStarted },
					{
						400: 'This link is invalid, used or expired. Log in and ask for a new one on the page that asks for your code.',
						429: 'Too many attempts. Try again in <time>.',
					},
				),
			},
			async (c) => {
				const { token } = c.req.valid('json')
				await limits.tokenPresented(address(c))
				const started = await startRecovery(db, token)
				if (!started) {
					throw new ApiError(400, INVALID_RECOVERY_LINK, [
						{ path: 'token', msg: INVALID_RECOVERY_LINK },
					])
				}
				afterAnswer(() => sendTwoFactorRecoveryStarted(deps, started.account, started.readyAt))
				return c.json(
					{
						message: `Two-factor sign-in turns off on ${started.readyAt.toUTCString()}. From then, you log in with your password alone. We have mailed you so.`,
						readyAt: started.readyAt.toISOString(),
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/two-factor/recovery/cancel',
				operationId: 'cancelTwoFactorRecovery',
				summary:
					'Cancel a request to turn two-factor off without a code (the password and a code are needed)',
				middleware: requireAccount(),
				request: { body: jsonBody(recoveryCancel) },
				description:
					'Any account, with its current password and a code: the waiting request to turn two-factor off is cancelled (`Cancelled: two-factor sign-in stays on.`).',
				responses: answers(
					{ 200: messageAnswer },
					{
						400: [
							{ path: 'currentPassword', msg: 'Your current password is not right' },
							{
								path: 'code',
								msg: 'That code is not right. Enter the current code from your authenticator app, or one of your recovery codes.',
							},
						],
						404: 'Account not found',
						409: 'No request to turn off two-factor sign-in is waiting',
						429: 'Too many wrong passwords. Try again in <time>.',
					},
				),
			},
			async (c) => {
				const { currentPassword, code } = c.req.valid('json')
				const account = await ownAccount(c)
				if (!(await recoveryReadyAt(db, account))) {
					throw new ApiError(409, 'No request to turn off two-factor sign-in is waiting')
				}
				await checkCurrentPassword(account, currentPassword)
				await checkCode(account, () => spendSecondFactor(db, account, code, config.jwtSecret))
				await cancelRecovery(db, account)
				return c.json({ message: 'Cancelled: two-factor sign-in stays on.' }, 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/unsubscribe',
				operationId: 'unsubscribe',
				summary:
					"Turn off the one kind of notification mail a mail's signed link names (no sign-in)",
				request: { body: jsonBody(tokenOnly) },
				description:
					"Anyone, with the token of a notification mail's unsubscribe link: that one kind of mail is turned off for that one account (again: the same answer). Every notification mail carries the link (`<PUBLIC_URL>/unsubscribe?token=…`) in its footer and as `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), so a mail client's one-click post does the same as the app's button.",
				responses: answers({ 200: unsubscribed }, { 400: 'This unsubscribe link is not valid.' }),
			},
			async (c) => {
				// A notification mail's one-click unsubscribe (RFC 8058), with no session: the signed link
				// names the account and the kind, and turns off that kind only.
				const { token } = c.req.valid('json')
				const named = readUnsubscribeToken(config.jwtSecret, token)
				const kind = NOTIFICATION_KINDS.find((known) => known === named?.kind)
				const account =
					named && kind
						? await findAccount(db, { accountType: 'user', accountId: named.userId })
						: undefined
				if (!kind || !account) throw new ApiError(400, 'This unsubscribe link is not valid.')
				await setNotificationPreferences(db, account.accountId, {
					...account.notifications,
					[kind]: false,
				})
				return c.json(
					{
						message: `You will no longer get mails about ${NOTIFICATION_TOPICS[kind]}. You can turn them on again in your profile.`,
						kind,
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'put',
				path: '/notifications',
				operationId: 'saveNotifications',
				summary: 'Turn kinds of notification mail on or off (students and teachers)',
				middleware: requireAccount({ roles: ['student', 'tutor'] }),
				request: { body: jsonBody(notificationPreferences) },
				description:
					'A student or a teacher turns kinds of notification mail on or off (any of the kinds of `GET /account`, each `true` or `false`). `sessionReminders`, `taskReminders` and `gradingReminders` switch the reminder mails (decision 038).',
				responses: answers(
					{ 200: notificationsSaved },
					{ 400: { path: '<kind>', msg: 'Must be true or false' }, 404: 'Account not found' },
				),
			},
			async (c) => {
				const changes = c.req.valid('json')
				const account = await ownAccount(c)
				const merged: NotificationPreferences = { ...account.notifications, ...changes }
				await setNotificationPreferences(db, account.accountId, merged)
				return c.json(
					{ message: 'Notification settings saved', notifications: toNotificationSettings(merged) },
					200,
				)
			},
		)
}
