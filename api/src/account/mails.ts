import type { Db } from '../db.ts'
import { appLink, composeMail } from '../mail/compose.ts'
import { afterAnswer, queueMails } from '../mail/outbox.ts'
import type { ApiDeps } from '../platform/context.ts'
import { accountLimitsOf } from './limits.ts'
import { findAccount, type AccountRecord } from './store.ts'
import { issueToken, RESET_TTL_MS, VERIFICATION_TTL_MS, type AccountRef } from './tokens.ts'

const DEFAULT_PUBLIC_URL = 'http://localhost:3000'

type MailDeps = { db: Db; config: { publicUrl?: string } }

const loginQuery = (account: AccountRef): Record<string, string> =>
	account.accountType === 'organization' ? { as: 'organization' } : {}

/** A single-use link to set a new password, valid for an hour. */
export async function sendPasswordReset({ db, config }: MailDeps, account: AccountRecord) {
	const token = await issueToken(db, 'password_reset', account, RESET_TTL_MS)
	const url = appLink(config.publicUrl ?? DEFAULT_PUBLIC_URL, '/reset-password', {
		token,
		...loginQuery(account),
	})
	const mail = composeMail({
		subject: 'Reset your TutorHub password',
		greeting: `Hello ${account.name},`,
		paragraphs: [
			'Someone (we hope you) asked to reset the password of your TutorHub account. Choose a new password with the button below.',
		],
		action: { label: 'Choose a new password', url },
		footer: [
			'The link works once, for one hour. Setting a new password logs you out everywhere.',
			'If you did not ask for this, ignore this mail: your password stays as it is.',
		],
	})
	await queueMails(db, [{ ...mail, to: account.email, kind: 'password_reset' }])
}

/** Tells the owner their password changed, so a change they did not make does not go unnoticed. */
export async function sendPasswordChanged({ db, config }: MailDeps, account: AccountRecord) {
	const mail = composeMail({
		subject: 'Your TutorHub password was changed',
		greeting: `Hello ${account.name},`,
		paragraphs: [
			'The password of your TutorHub account was just changed, and every other device signed in to it was logged out.',
		],
		action: {
			label: 'Forgot password?',
			url: appLink(config.publicUrl ?? DEFAULT_PUBLIC_URL, '/forgot-password', loginQuery(account)),
		},
		footer: ['If you did not change it, reset your password now with the link above.'],
	})
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
	const mail = composeMail({
		subject: change
			? 'Confirm your new TutorHub email address'
			: 'Confirm your TutorHub email address',
		greeting: `Hello ${account.name},`,
		paragraphs: [
			change
				? `You asked to change the email address of your TutorHub account to ${email}. Confirm it with the button below; until then, your account keeps ${account.email}.`
				: 'Welcome to TutorHub. Confirm that this email address is yours with the button below.',
		],
		action: { label: 'Confirm my email address', url },
		footer: [
			'The link works once, for three days.',
			'If you did not ask for this, ignore this mail.',
		],
	})
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
	const mail = composeMail({
		subject: 'Your TutorHub email address was changed',
		greeting: `Hello ${account.name},`,
		paragraphs: [
			`The email address of your TutorHub account was changed from ${account.email} to ${newEmail}. Mails about your account and password reset links now go to the new address; reset links sent here before no longer work.`,
		],
		action: { label: 'Contact us', url: appLink(publicUrl, '/contact-us') },
		footer: [
			'If you did not make this change, contact us at once with the link above and we will give the account back to this address. If you can still log in, change your password and your email address back in your profile.',
		],
	})
	await queueMails(db, [{ ...mail, to: account.email, kind: 'email_changed' }])
}
