import type { ApiDeps } from '../platform/context.ts'
import { phrase } from '../platform/i18n.ts'
import { afterAnswer } from '../platform/after-answer.ts'
import { NOTIFICATION_TOPICS } from '../mail/notifications.ts'
import { NOTIFICATION_KINDS } from '../mail/schemas.ts'
import { readUnsubscribeToken } from '../mail/unsubscribe.ts'
import { ApiError, isUniqueViolation, MESSAGES, refusalCode } from '../platform/errors.ts'
import type { AccountTokenPurpose, AccountType } from '../schema.ts'
import { accountLimitsOf } from './limits.ts'
import { sendEmailChanged, sendPasswordReset } from './mails.ts'
import {
	confirmEmail,
	findAccount,
	findAccountByEmail,
	retireTokens,
	setNotificationPreferences,
} from './repository.ts'
import { consumeToken, isTokenUsable } from './tokens.ts'

// What the links mailed to an account do: ask for a reset link, check a link, verify an address,
// unsubscribe (moved from account/routes.ts, decision 060). Following a reset link ends sessions,
// which are sign-in's: auth/password.ts.

export const RESET_REQUESTED =
	'If an account with this email exists, we have sent it a link to choose a new password. The link works for one hour.'
export const INVALID_VERIFICATION_LINK =
	'This verification link is invalid, used or expired. Ask for a new one from your dashboard.'
export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid.'
// Refusals a client tells apart by their code (decision 072).
refusalCode(INVALID_VERIFICATION_LINK, 'invalid_link')
refusalCode(INVALID_UNSUBSCRIBE_LINK, 'invalid_link')
/** What a call presenting a link's token refuses past the limit of tokens per address. */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Try again in <time>.'

/**
 * A reset link for the email's account, if it has one. The answer leaves before the account is
 * even looked for: the same words in the same time whether or not the email has an account.
 */
export async function requestPasswordReset(
	deps: ApiDeps,
	address: string,
	{ email, accountType }: { email: string; accountType: AccountType },
) {
	await accountLimitsOf(deps).resetRequested(address, `${accountType}:${email}`)
	afterAnswer(async () => {
		const account = await findAccountByEmail(deps.db, accountType, email)
		if (account) await sendPasswordReset(deps, account)
	})
	return { message: RESET_REQUESTED }
}

/**
 * Whether a link's token would still work, without spending it: the pages the reset and
 * verification links open ask before they show their button (a mail scanner changes nothing).
 */
export async function checkLink(
	deps: ApiDeps,
	address: string,
	purpose: AccountTokenPurpose,
	token: string,
) {
	await accountLimitsOf(deps).tokenPresented(address)
	return { valid: await isTokenUsable(deps.db, purpose, token) }
}

/**
 * Confirms the address a verification link was sent to. For a change of email, reset links
 * mailed to the old address stop working and the old address hears of it; 409 when another
 * account took the new address meanwhile (the link then stays unspent).
 */
export async function verifyEmail(deps: ApiDeps, address: string, token: string) {
	const { db } = deps
	await accountLimitsOf(deps).tokenPresented(address)
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
		return {
			message: 'Your email address is verified.',
			email: confirmed.email,
			accountType: confirmed.accountType,
		}
	} catch (error) {
		// Someone took the new address after the change was asked for: the link stays unspent.
		if (isUniqueViolation(error)) throw new ApiError(409, MESSAGES.duplicateEmail)
		throw error
	}
}

/**
 * A notification mail's one-click unsubscribe (RFC 8058), with no session: the signed link names
 * the account and the kind, and turns off that kind only.
 */
export async function unsubscribe({ db, config }: Pick<ApiDeps, 'db' | 'config'>, token: string) {
	const named = readUnsubscribeToken(config.jwtSecret, token)
	const kind = NOTIFICATION_KINDS.find((known) => known === named?.kind)
	const account =
		named && kind
			? await findAccount(db, { accountType: 'user', accountId: named.userId })
			: undefined
	if (!kind || !account) throw new ApiError(400, INVALID_UNSUBSCRIBE_LINK)
	await setNotificationPreferences(db, account.accountId, {
		...account.notifications,
		[kind]: false,
	})
	return {
		message: phrase(
			'You will no longer get mails about {topic}. You can turn them on again in your profile.',
			{ topic: phrase(NOTIFICATION_TOPICS[kind]) },
		),
		kind,
	}
}
