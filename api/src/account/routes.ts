import { sayAnswer } from '../platform/i18n.ts'
import {
	endOwnSession,
	endOtherSessions,
	listSessions,
	currentSessionId,
	DEVICE_NOT_SIGNED_IN,
} from '../auth/devices.ts'
import {
	changePassword,
	INVALID_RESET_LINK,
	resetPassword,
	SAME_PASSWORD,
} from '../auth/password.ts'
import {
	accountSettings,
	cancelTwoFactorRecovery,
	CODE_CHANGE_REFUSALS,
	disableTwoFactor,
	enableTwoFactor,
	INVALID_RECOVERY_LINK,
	NO_RECOVERY_WAITING,
	SET_UP_FIRST,
	setUpTwoFactor,
	startTwoFactorRecovery,
	TWO_FACTOR_ALREADY_OFF,
	TWO_FACTOR_ALREADY_ON,
} from '../auth/two-factor-settings.ts'
import { clientAddress } from '../platform/client-address.ts'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { requestSpeaker } from '../platform/i18n.ts'
import { answers, ApiRoutes, jsonBody } from '../platform/openapi.ts'
import type { Passwords } from '../platform/passwords.ts'
import { accountGuard } from '../platform/require-account.ts'
import { COMMON_PASSWORD_MESSAGE } from '../platform/validation.ts'
import {
	checkLink,
	INVALID_UNSUBSCRIBE_LINK,
	INVALID_VERIFICATION_LINK,
	requestPasswordReset,
	TOO_MANY_ATTEMPTS,
	unsubscribe,
	verifyEmail,
} from './links.ts'
import {
	ACCOUNT_NOT_FOUND,
	ALREADY_VERIFIED,
	ALREADY_YOUR_EMAIL,
	changeEmail,
	ownAccount,
	resendVerification,
	saveNotifications,
	TOO_MANY_MAILS,
} from './own.ts'
import { TOO_MANY_WRONG_PASSWORDS, WRONG_CURRENT_PASSWORD } from './recent-password.ts'
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
	resetPassword as resetPasswordBody,
	sessionList,
	sessionParams,
	tokenOnly,
	twoFactorOff,
	twoFactorOn,
	twoFactorSetupRequest,
	twoFactorSetupAnswer,
	unsubscribed,
} from './schemas.ts'
import { accountRefOf } from './tokens.ts'

/**
 * Password reset, email verification, and the signed-in account's own settings (password, email,
 * notification mails). Decision 023.
 */
export function accountRoutes(deps: ApiDeps, passwords: Passwords) {
	const { db, config } = deps
	const guard = accountGuard({ db, config })
	// Open to a teacher whose organization requires two-factor before it is on: this is where it is
	// set up, and where they see their sessions and mails (decision 037).
	const signedIn = guard({ beforeTwoFactor: true })
	const person = guard({ roles: ['student', 'tutor'], beforeTwoFactor: true })

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
				const address = clientAddress(c, config.proxySecret)
				return c.json(
					sayAnswer(
						await requestPasswordReset(deps, address, c.req.valid('json')),
						c.req.header('Accept-Language'),
					),
					200,
				)
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
				responses: answers({ 200: linkCheck }, { 429: TOO_MANY_ATTEMPTS }),
			},
			async (c) => {
				const address = clientAddress(c, config.proxySecret)
				const { token } = c.req.valid('json')
				return c.json(await checkLink(deps, address, 'password_reset', token), 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/reset-password',
				operationId: 'resetPassword',
				summary: "A new password by a reset link's token; every session of the account ends",
				request: { body: jsonBody(resetPasswordBody) },
				description:
					"Anyone with a reset link's token sets a new password (the sign-up's rules; the token is checked before the password is hashed): every session of the account ends, the calendar feed gets a new address, and a notice is mailed.",
				responses: answers(
					{ 200: messageAnswer },
					{
						400: [INVALID_RESET_LINK, { path: 'password', msg: COMMON_PASSWORD_MESSAGE }],
						429: TOO_MANY_ATTEMPTS,
					},
				),
			},
			async (c) => {
				const address = clientAddress(c, config.proxySecret)
				return c.json(
					sayAnswer(
						await resetPassword(deps, passwords, address, c.req.valid('json')),
						c.req.header('Accept-Language'),
					),
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
				responses: answers({ 200: linkCheck }, { 429: TOO_MANY_ATTEMPTS }),
			},
			async (c) => {
				const address = clientAddress(c, config.proxySecret)
				const { token } = c.req.valid('json')
				return c.json(await checkLink(deps, address, 'email_verification', token), 200)
			},
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
						400: INVALID_VERIFICATION_LINK,
						409: MESSAGES.duplicateEmail,
						429: TOO_MANY_ATTEMPTS,
					},
				),
			},
			async (c) => {
				const address = clientAddress(c, config.proxySecret)
				return c.json(
					sayAnswer(
						await verifyEmail(deps, address, c.req.valid('json').token),
						c.req.header('Accept-Language'),
					),
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/',
				operationId: 'getAccount',
				summary: "The signed-in account's settings: email, notifications, two-factor",
				middleware: signedIn,
				description:
					'Any account: its email, whether it is verified, a pending new email, `notifications` (each kind of notification mail as a boolean for people: `submissionGraded`, `newTask`, `sessions`, `announcements`, `certificates`, `invitations`, `sessionReminders`, `taskReminders`, `gradingReminders`; null for organizations) and `twoFactor` (`{ enabled, setup, recoveryReadyAt }`: `setup` while a set-up waits for its code, `recoveryReadyAt` while a request to turn it off waits).',
				responses: answers({ 200: accountAnswer }, { 404: ACCOUNT_NOT_FOUND }),
			},
			async (c) => {
				const account = await ownAccount(db, c.get('account'))
				return c.json(await accountSettings(deps, account), 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/password',
				operationId: 'changePassword',
				summary: 'Change the password (the current one is needed); other devices are logged out',
				middleware: signedIn,
				request: { body: jsonBody(passwordChange) },
				description:
					'Any account changes its password with the current one: every other session ends and the calendar feed gets a new address. At most 5 wrong current passwords in 15 minutes.',
				responses: answers(
					{ 200: messageAnswer },
					{
						400: [
							WRONG_CURRENT_PASSWORD,
							{ path: 'newPassword', msg: SAME_PASSWORD },
							{ path: 'newPassword', msg: COMMON_PASSWORD_MESSAGE },
						],
						404: ACCOUNT_NOT_FOUND,
						429: TOO_MANY_WRONG_PASSWORDS,
					},
				),
			},
			async (c) => {
				const account = await ownAccount(db, c.get('account'))
				const change = c.req.valid('json')
				return c.json(
					sayAnswer(
						await changePassword(deps, passwords, c, account, change),
						c.req.header('Accept-Language'),
					),
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
				middleware: signedIn,
				request: { body: jsonBody(emailChange) },
				description:
					'Any account asks to change its email, with the current password: a verification link goes to the new address, which replaces the old one once followed (`pendingEmail` meanwhile). At most 3 in 15 minutes, counted before the address is looked up (so a taken one answers 429 too), and at most 6 mails an hour to one address.',
				responses: answers(
					{ 200: emailChangeAnswer },
					{
						400: [WRONG_CURRENT_PASSWORD, { path: 'email', msg: ALREADY_YOUR_EMAIL }],
						404: ACCOUNT_NOT_FOUND,
						409: MESSAGES.duplicateEmail,
						429: [TOO_MANY_WRONG_PASSWORDS, ...TOO_MANY_MAILS],
					},
				),
			},
			async (c) => {
				const account = await ownAccount(db, c.get('account'))
				return c.json(
					sayAnswer(
						await changeEmail(deps, passwords, account, c.req.valid('json')),
						c.req.header('Accept-Language'),
					),
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
				middleware: signedIn,
				description:
					'Any account (empty body): the verification link is mailed again, to the pending new email if there is one (`We sent a new verification link to …`). At most 3 in 15 minutes, and 6 mails an hour to one address.',
				responses: answers(
					{ 200: messageAnswer },
					{
						404: ACCOUNT_NOT_FOUND,
						409: ALREADY_VERIFIED,
						429: TOO_MANY_MAILS,
					},
				),
			},
			async (c) => {
				const account = await ownAccount(db, c.get('account'))
				return c.json(
					sayAnswer(await resendVerification(deps, account), c.req.header('Accept-Language')),
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/sessions',
				operationId: 'getSessions',
				summary: 'Where the account is signed in, the most recently used first',
				middleware: signedIn,
				description:
					"Any account: its open sign-ins, the most recently used first. `device` is read from the user agent at sign-in (`Firefox on Linux`, `Safari on iOS`, `Unknown browser`); `address` and `lastSeenAt` follow each refresh; `current` marks the caller's own (decision 033).",
				responses: answers({ 200: sessionList }),
			},
			async (c) => {
				const sessions = await listSessions(
					db,
					accountRefOf(c.get('account')),
					await currentSessionId(c, config.jwtSecret),
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
				middleware: signedIn,
				request: { params: sessionParams },
				description:
					"Any account logs out one of its devices: that session's access tokens are refused from the next call (403) and its refresh tokens too (401).",
				responses: answers({ 200: messageAnswer }, { 404: DEVICE_NOT_SIGNED_IN }),
			},
			async (c) => {
				const { id } = c.req.valid('param')
				if (!(await endOwnSession(db, accountRefOf(c.get('account')), id))) {
					throw new ApiError(404, DEVICE_NOT_SIGNED_IN)
				}
				return c.json(
					sayAnswer({ message: 'That device was logged out.' }, c.req.header('Accept-Language')),
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/sessions/end-others',
				operationId: 'endOtherSessions',
				summary: 'Log out every device but this one',
				middleware: signedIn,
				description:
					"Any account (empty body): every session but the caller's ends; `message` says how many (`2 other devices were logged out.`, `One other device…`, `No other devices…`).",
				responses: answers({ 200: otherSessionsEnded }),
			},
			async (c) => {
				const account = accountRefOf(c.get('account'))
				return c.json(
					sayAnswer(
						await endOtherSessions(db, account, c, config.jwtSecret),
						c.req.header('Accept-Language'),
					),
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
				middleware: signedIn,
				request: { body: jsonBody(twoFactorSetupRequest) },
				description:
					'Any account, with its current password: a new base32 secret and its `otpauth://totp/TutorHub:…` address, waiting for a code (a set-up started again replaces it); `GET /account` then has `twoFactor.setup`. At most 5 wrong current passwords in 15 minutes.',
				responses: answers(
					{ 200: twoFactorSetupAnswer },
					{
						400: WRONG_CURRENT_PASSWORD,
						404: ACCOUNT_NOT_FOUND,
						409: TWO_FACTOR_ALREADY_ON,
						429: TOO_MANY_WRONG_PASSWORDS,
					},
				),
			},
			async (c) => {
				const account = await ownAccount(db, c.get('account'))
				const { currentPassword } = c.req.valid('json')
				return c.json(await setUpTwoFactor(deps, passwords, account, currentPassword), 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/two-factor/enable',
				operationId: 'enableTwoFactor',
				summary:
					"Turn two-factor sign-in on with the app's first code and the current password; answers the recovery codes once",
				middleware: signedIn,
				request: { body: jsonBody(twoFactorOn) },
				description:
					"Any account turns two-factor sign-in on with the app's first code and its current password: the answer holds ten one-time recovery codes (`xxxxx-xxxxx`), given this once and stored hashed; the account is mailed. Wrong codes are limited like wrong passwords.",
				responses: answers(
					{ 200: recoveryCodesAnswer },
					{ ...CODE_CHANGE_REFUSALS, 409: [TWO_FACTOR_ALREADY_ON, SET_UP_FIRST] },
				),
			},
			async (c) => {
				const account = await ownAccount(db, c.get('account'))
				return c.json(
					sayAnswer(
						await enableTwoFactor(deps, passwords, account, c.req.valid('json')),
						c.req.header('Accept-Language'),
					),
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
				middleware: signedIn,
				request: { body: jsonBody(twoFactorOff) },
				description:
					'Any account turns two-factor sign-in off with its current password and a code (or a recovery code); the account is mailed.',
				responses: answers(
					{ 200: messageAnswer },
					{ ...CODE_CHANGE_REFUSALS, 409: TWO_FACTOR_ALREADY_OFF },
				),
			},
			async (c) => {
				const account = await ownAccount(db, c.get('account'))
				return c.json(
					sayAnswer(
						await disableTwoFactor(deps, passwords, account, c.req.valid('json')),
						c.req.header('Accept-Language'),
					),
					200,
				)
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
						400: INVALID_RECOVERY_LINK,
						429: TOO_MANY_ATTEMPTS,
					},
				),
			},
			async (c) => {
				const address = clientAddress(c, config.proxySecret)
				return c.json(
					sayAnswer(
						await startTwoFactorRecovery(deps, address, c.req.valid('json').token),
						c.req.header('Accept-Language'),
					),
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
				middleware: signedIn,
				request: { body: jsonBody(recoveryCancel) },
				description:
					'Any account, with its current password and a code: the waiting request to turn two-factor off is cancelled (`Cancelled: two-factor sign-in stays on.`).',
				responses: answers(
					{ 200: messageAnswer },
					{ ...CODE_CHANGE_REFUSALS, 409: NO_RECOVERY_WAITING },
				),
			},
			async (c) => {
				const account = await ownAccount(db, c.get('account'))
				const given = c.req.valid('json')
				return c.json(
					sayAnswer(
						await cancelTwoFactorRecovery(deps, passwords, account, given),
						c.req.header('Accept-Language'),
					),
					200,
				)
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
				responses: answers({ 200: unsubscribed }, { 400: INVALID_UNSUBSCRIBE_LINK }),
			},
			async (c) => {
				return c.json(
					sayAnswer(
						await unsubscribe(deps, c.req.valid('json').token),
						c.req.header('Accept-Language'),
					),
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
				middleware: person,
				request: { body: jsonBody(notificationPreferences) },
				description:
					'A student or a teacher turns kinds of notification mail on or off (any of the kinds of `GET /account`, each `true` or `false`). `sessionReminders`, `taskReminders` and `gradingReminders` switch the reminder mails (decision 038).',
				responses: answers(
					{ 200: notificationsSaved },
					{ 400: { path: '<kind>', msg: 'Must be true or false' }, 404: 'Account not found' },
				),
			},
			async (c) => {
				const account = await ownAccount(db, c.get('account'))
				return c.json(
					sayAnswer(
						await saveNotifications(db, account, c.req.valid('json')),
						c.req.header('Accept-Language'),
					),
					200,
				)
			},
		)
}
