import type { Db } from '../db.ts'
import { appLink, composeMail, type MailContent } from '../mail/compose.ts'
import { afterAnswer } from '../platform/after-answer.ts'
import { queueMails } from '../mail/outbox.ts'
import type { AccountRole, ApiDeps } from '../platform/context.ts'
import { msg, speaker, type Speaker } from '../platform/i18n.ts'
import { accountLimitsOf } from './limits.ts'
import { findAccount, spokenLanguage, type AccountRecord } from './repository.ts'
import { issueToken, RESET_TTL_MS, VERIFICATION_TTL_MS, type AccountRef } from './tokens.ts'

export const DEFAULT_PUBLIC_URL = 'http://localhost:3000'

/** A moment in a mail, in the recipient's words, in UTC (the zone these mails always named). */
export const FULL_UTC: Intl.DateTimeFormatOptions = {
	dateStyle: 'full',
	timeStyle: 'long',
	timeZone: 'UTC',
}

export type MailDeps = { db: Db; config: { publicUrl?: string } }

/** The recipient's language: their own, else their organization's default (decision 064). */
export const speakerOf = async (db: Db, account: AccountRef) =>
	speaker(await spokenLanguage(db, account))

export const loginQuery = (account: AccountRef): Record<string, string> =>
	account.accountType === 'organization' ? { as: 'organization' } : {}

/** A single-use link to set a new password, valid for an hour. */
export async function sendPasswordReset({ db, config }: MailDeps, account: AccountRecord) {
	const speech = await speakerOf(db, account)
	const { say } = speech
	const token = await issueToken(db, 'password_reset', account, RESET_TTL_MS)
	const url = appLink(config.publicUrl ?? DEFAULT_PUBLIC_URL, '/reset-password', {
		token,
		...loginQuery(account),
	})
	const mail = composeMail(
		{
			subject: say('Reset your TutorHub password'),
			greeting: say('Hello {name},', { name: account.name }),
			paragraphs: [
				say(
					'Someone (we hope you) asked to reset the password of your TutorHub account. Choose a new password with the button below.',
				),
			],
			action: { label: say('Choose a new password'), url },
			footer: [
				say('The link works once, for one hour. Setting a new password logs you out everywhere.'),
				say('If you did not ask for this, ignore this mail: your password stays as it is.'),
			],
		},
		speech,
	)
	await queueMails(db, [{ ...mail, to: account.email, kind: 'password_reset' }])
}

/** Tells the owner their password changed, so a change they did not make does not go unnoticed. */
export async function sendPasswordChanged({ db, config }: MailDeps, account: AccountRecord) {
	const speech = await speakerOf(db, account)
	const { say } = speech
	const mail = composeMail(
		{
			subject: say('Your TutorHub password was changed'),
			greeting: say('Hello {name},', { name: account.name }),
			paragraphs: [
				say(
					'The password of your TutorHub account was just changed, and every other device signed in to it was logged out.',
				),
			],
			action: {
				label: say('Forgot password?'),
				url: appLink(
					config.publicUrl ?? DEFAULT_PUBLIC_URL,
					'/forgot-password',
					loginQuery(account),
				),
			},
			footer: [say('If you did not change it, reset your password now with the link above.')],
		},
		speech,
	)
	await queueMails(db, [{ ...mail, to: account.email, kind: 'password_changed' }])
}

/** A link that confirms `email` belongs to the account: its own address, or the new one of a change. */
export async function sendVerification(
	{ db, config }: MailDeps,
	account: AccountRecord,
	email = account.email,
) {
	const token = await issueToken(
		db,
		'email_verification',
		{ ...account, email },
		VERIFICATION_TTL_MS,
	)
	const url = appLink(config.publicUrl ?? DEFAULT_PUBLIC_URL, '/verify-email', { token })
	const change = email !== account.email
	const speech = await speakerOf(db, account)
	const { say } = speech
	const mail = composeMail(
		{
			subject: change
				? say('Confirm your new TutorHub email address')
				: say('Confirm your TutorHub email address'),
			greeting: say('Hello {name},', { name: account.name }),
			paragraphs: [
				change
					? say(
							'You asked to change the email address of your TutorHub account to {email}. Confirm it with the button below; until then, your account keeps {current}.',
							{ email, current: account.email },
						)
					: say(
							'Welcome to TutorHub. Confirm that this email address is yours with the button below.',
						),
			],
			action: { label: say('Confirm my email address'), url },
			footer: [
				say('The link works once, for three days.'),
				say('If you did not ask for this, ignore this mail.'),
			],
		},
		speech,
	)
	await queueMails(db, [{ ...mail, to: email, kind: 'email_verification' }])
}

/**
 * After a sign-up: the new account's first verification mail, queued after the answer. Left out
 * when the address has had its share of such mails (the account can ask again from its dashboard).
 */
export function welcomeNewAccount(deps: ApiDeps, account: AccountRef) {
	afterAnswer(async () => {
		const record = await findAccount(deps.db, account)
		if (!record || record.emailVerified) return
		if (await accountLimitsOf(deps).mayMail(record.email)) await sendVerification(deps, record)
	})
}

/**
 * To the address an account just left: what changed, and how to get the account back if it was
 * not its owner's doing (the new address now gets the reset links).
 */
export async function sendEmailChanged(
	{ db, config }: MailDeps,
	account: AccountRecord,
	newEmail: string,
) {
	const publicUrl = config.publicUrl ?? DEFAULT_PUBLIC_URL
	const speech = await speakerOf(db, account)
	const { say } = speech
	const mail = composeMail(
		{
			subject: say('Your TutorHub email address was changed'),
			greeting: say('Hello {name},', { name: account.name }),
			paragraphs: [
				say(
					'The email address of your TutorHub account was changed from {previous} to {email}. Mails about your account and password reset links now go to the new address; reset links sent here before no longer work.',
					{ previous: account.email, email: newEmail },
				),
			],
			action: { label: say('Contact us'), url: appLink(publicUrl, '/contact-us') },
			footer: [
				say(
					'If you did not make this change, contact us at once with the link above and we will give the account back to this address. If you can still log in, change your password and your email address back in your profile.',
				),
			],
		},
		speech,
	)
	await queueMails(db, [{ ...mail, to: account.email, kind: 'email_changed' }])
}

/** The page of the app that lists where an account is signed in (its profile, or settings). */
export const SIGN_INS_PAGE: Record<AccountRole, string> = {
	student: '/studentdashboard/profile',
	tutor: '/teachersdashboard/profile',
	organization: '/organization/settings',
}

/**
 * A notice to an account, in its owner's language and greeted by name, sent to its address of
 * the moment; nothing when the account is gone. `content` says the rest in `speech`'s words.
 */
export async function sendNotice(
	{ db }: MailDeps,
	account: AccountRef,
	kind: string,
	content: (speech: Speaker) => Omit<MailContent, 'greeting'>,
) {
	const record = await findAccount(db, account)
	if (!record) return
	const speech = await speakerOf(db, account)
	const greeting = speech.say('Hello {name},', { name: record.name })
	const mail = composeMail({ greeting, ...content(speech) }, speech)
	await queueMails(db, [{ ...mail, to: record.email, kind }])
}

/**
 * A security change mailed to the account: what changed, and the way back if it was not its
 * owner's doing (the page where it is undone, and a new password from the reset link).
 */
const sendSecurityNotice = (
	deps: MailDeps,
	account: AccountRef,
	notice: {
		subject: string
		what: string
		undo: string
		kind: string
		values?: (speech: Speaker) => Record<string, unknown>
	},
) =>
	sendNotice(deps, account, notice.kind, (speech) => {
		const { say } = speech
		return {
			subject: say(notice.subject),
			paragraphs: [say(notice.what, notice.values?.(speech))],
			action: {
				label: say('Forgot password?'),
				url: appLink(
					deps.config.publicUrl ?? DEFAULT_PUBLIC_URL,
					'/forgot-password',
					loginQuery(account),
				),
			},
			footer: [say(notice.undo)],
		}
	})

export const sendTwoFactorOn = (deps: MailDeps, account: AccountRef) =>
	sendSecurityNotice(deps, account, {
		kind: 'two_factor_on',
		subject: msg('Two-factor sign-in was turned on for your TutorHub account'),
		what: msg(
			'Two-factor sign-in was just turned on for your TutorHub account: logging in now also asks for a code from an authenticator app, or one of ten recovery codes.',
		),
		undo: msg(
			'If you did not turn it on, someone else knows your password: reset it with the link above (that logs out every device). Then log in with your new password and, on the page that asks for your code, choose "I can\'t use my codes": we mail you a link, and three days after you follow it, two-factor sign-in turns off and you log in with your password alone.',
		),
	})

export const sendTwoFactorOff = (deps: MailDeps, account: AccountRef) =>
	sendSecurityNotice(deps, account, {
		kind: 'two_factor_off',
		subject: msg('Two-factor sign-in was turned off for your TutorHub account'),
		what: msg(
			'Two-factor sign-in was just turned off for your TutorHub account: logging in now asks for the password only.',
		),
		undo: msg(
			'If you did not turn it off, reset your password with the link above (that logs out every device), then turn two-factor sign-in on again in your profile.',
		),
	})

export const sendRecoveryCodeUsed = (deps: MailDeps, account: AccountRef, left: number) =>
	sendSecurityNotice(deps, account, {
		kind: 'recovery_code_used',
		subject: msg('A recovery code was used to log in to your TutorHub account'),
		what: msg(
			'One of your two-factor recovery codes was just used to log in to your TutorHub account. Each code works once; {left, plural, one {one is} other {# are}} left.',
		),
		values: () => ({ left }),
		undo: msg(
			'If it was not you, reset your password with the link above (that logs out every device), and in your profile turn two-factor sign-in off and on again for new recovery codes.',
		),
	})

/**
 * Wrong two-factor codes for the account, many of them (issue 38): whoever entered them knew the
 * password, since the code step comes only after it. Sent at most once an hour while they go on.
 */
export const sendWrongCodesWarning = (deps: MailDeps, account: AccountRef) =>
	sendSecurityNotice(deps, account, {
		kind: 'two_factor_wrong_codes',
		subject: msg('Wrong two-factor codes were entered for your TutorHub account'),
		what: msg(
			'Someone entered the right password for your TutorHub account and then many wrong two-factor codes. For your safety, codes for your account are not checked for a while after each wrong one, so logging in may have to wait a few minutes.',
		),
		undo: msg(
			'If it was not you, someone knows your password: change it in your profile, or reset it with the link above (that logs out every device). Your two-factor codes kept them out.',
		),
	})

/** The link of an owner's request to turn two-factor off without a code (decision 053). */
export const sendTwoFactorRecoveryLink = (deps: MailDeps, account: AccountRef, token: string) =>
	sendNotice(deps, account, 'two_factor_recovery', ({ say }) => ({
		subject: say('Turn off two-factor sign-in for your TutorHub account'),
		paragraphs: [
			say(
				"Someone who knows your password (we hope you) said they can't use the two-factor codes of your TutorHub account. If you follow the link below, two-factor sign-in turns off three days later, and then you log in with your password alone.",
			),
			say(
				'The three days give you time to stop it if it was not you: log in with a code and cancel it in your profile.',
			),
		],
		action: {
			label: say('Start turning off two-factor sign-in'),
			url: appLink(deps.config.publicUrl ?? DEFAULT_PUBLIC_URL, '/two-factor-recovery', {
				token,
			}),
		},
		footer: [
			say('The link works once, for one hour.'),
			say(
				'If you did not ask for this, ignore this mail, and change your password: whoever asked knows it.',
			),
		],
	}))

export const sendTwoFactorRecoveryStarted = (deps: MailDeps, account: AccountRef, readyAt: Date) =>
	sendSecurityNotice(deps, account, {
		kind: 'two_factor_recovery_started',
		subject: msg('Two-factor sign-in for your TutorHub account turns off in three days'),
		what: msg(
			'A request to turn off two-factor sign-in for your TutorHub account was confirmed from this mailbox. On {date}, two-factor sign-in turns off, and the next login asks for the password alone.',
		),
		values: (speech) => ({ date: speech.dateTime(readyAt, FULL_UTC) }),
		undo: msg(
			'If it was not you, log in with your code, cancel the request in your profile, and change your password. If you cannot log in, reset your password with the link above (that logs out every device).',
		),
	})

/**
 * A notice of a new way into the account: what happened, nothing to do if it was the owner, the
 * page that lists where the account is signed in, and a new password if it was not (`ifNot` says
 * where, with `{link}`). The texts are `msg(…)`s, said in the owner's language.
 */
export const sendSignInNotice = (
	deps: MailDeps,
	account: AccountRef,
	role: AccountRole,
	notice: {
		kind: string
		subject: string
		what: string
		ifNot: string
		values: (speech: Speaker) => Record<string, unknown>
	},
) =>
	sendNotice(deps, account, notice.kind, (speech) => {
		const { say } = speech
		const publicUrl = deps.config.publicUrl ?? DEFAULT_PUBLIC_URL
		const values = notice.values(speech)
		return {
			subject: say(notice.subject, values),
			paragraphs: [say(notice.what, values), say('If this was you, there is nothing to do.')],
			action: {
				label: say('See where you are signed in'),
				url: appLink(publicUrl, SIGN_INS_PAGE[role]),
			},
			footer: [
				say(notice.ifNot, {
					...values,
					link: appLink(publicUrl, '/forgot-password', loginQuery(account)),
				}),
			],
		}
	})

/**
 * A school sign-in linked to the account (decision 052): which organization and provider may now
 * sign it in without its password, and where to remove that if it was not the owner's choice.
 */
export const sendSsoLinked = (
	deps: MailDeps,
	account: AccountRef,
	role: AccountRole,
	link: { organizationName: string; providerName: string; joined: boolean },
) =>
	sendSignInNotice(deps, account, role, {
		kind: 'sso_linked',
		subject: msg("{organization}'s sign-in was linked to your TutorHub account"),
		what: link.joined
			? msg(
					"{organization}'s {provider} sign-in was just linked to your TutorHub account: {provider} can now sign you in without your password. You also joined {organization}, which now sees you as a member.",
				)
			: msg(
					"{organization}'s {provider} sign-in was just linked to your TutorHub account: {provider} can now sign you in without your password.",
				),
		ifNot: msg(
			'If it was not you, press "Remove" beside {organization} under "Linked school sign-ins" on the page above, then choose a new password here (it logs out every device): {link}',
		),
		values: () => ({ organization: link.organizationName, provider: link.providerName }),
	})
