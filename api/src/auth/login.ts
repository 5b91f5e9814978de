import type { Context } from 'hono'
import type { z } from '@hono/zod-openapi'
import { accountLimitsOf } from '../account/limits.ts'
import {
	sendRecoveryCodeUsed,
	sendTwoFactorOff,
	sendTwoFactorRecoveryLink,
	sendWrongCodesWarning,
} from '../account/mails.ts'
import { toOrganization } from '../organizations/present.ts'
import { findOrganizationCredentials } from '../organizations/repository.ts'
import { afterAnswer } from '../platform/after-answer.ts'
import { clientAddress } from '../platform/client-address.ts'
import type { Account, ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, MESSAGES, refusalCode } from '../platform/errors.ts'
import type { Passwords } from '../platform/passwords.ts'
import { createLoginLimits } from '../platform/rate-limit.ts'
import { isTimeZone } from '../platform/time.ts'
import type { AccountType } from '../schema.ts'
import { toUser } from '../users/present.ts'
import { findUserCredentials, saveTimeZone } from '../users/repository.ts'
import { userAccount } from './accounts.ts'
import { openSignedIn } from './open-session.ts'
import type { RefreshSession } from './repository.ts'
import type { credentials, twoFactorNeeded } from './schemas.ts'
import { signChallenge, verifyChallenge } from './two-factor-challenge.ts'
import { createTwoFactorLimits } from './two-factor-limits.ts'
import { finishReadyRecovery, recoveryReadyAt, requestRecoveryLink } from './two-factor-recovery.ts'
import { isTwoFactorOn, spendSecondFactor, WRONG_CODE } from './two-factor.ts'

// The login of people and organizations (moved from auth/routes.ts, decision 060): the password,
// throttled per address and per account from it, then the two-factor step when it is on.

export const TWO_FACTOR_NEEDED = 'Enter the code from your authenticator app'
export const CHALLENGE_EXPIRED = 'Your sign-in took too long. Log in again.'
// Refusals a client tells apart by their code (decision 072).
refusalCode(CHALLENGE_EXPIRED, 'challenge_expired')
export const RECOVERY_LINK_SENT =
	'We sent a link to your email address. Follow it within an hour: two-factor sign-in then turns off three days later, and you log in with your password alone.'

/** A 429 of the code step is said next to the code field, where the person is looking. */
async function codeFieldSays(admitted: Promise<void>) {
	try {
		await admitted
	} catch (error) {
		if (error instanceof ApiError && error.status === 429) {
			throw new ApiError(429, error.message, [{ path: 'code', msg: error.message }], error.headers)
		}
		throw error
	}
}

/** The two kinds of login, each with its password step and its second step. */
export function createLogins(deps: ApiDeps, passwords: Passwords) {
	const { db, config } = deps
	const loginLimits = createLoginLimits({ redis: deps.redis?.commands })
	const twoFactorLimits = createTwoFactorLimits({ redis: deps.redis?.commands })

	const findCredentials: Record<
		AccountType,
		(email: string) => Promise<{ password_hash: string } | undefined>
	> = {
		user: (email) => findUserCredentials(db, email),
		organization: (email) => findOrganizationCredentials(db, email),
	}

	/**
	 * After a failed login of one kind: whether the same email and password open an account of the
	 * other kind (people and organizations log in separately, and people pick the wrong tab). Said
	 * only when the password is right, so it tells nothing its owner did not already know; the other
	 * password is always checked (a dummy hash when there is no account), so the answer takes as
	 * long whether or not such an account exists; and a wrong guess counts against the other
	 * account's own throttle, so this is no second door for guessing its password.
	 */
	async function isOtherKindsLogin(
		address: string,
		otherType: AccountType,
		email: string,
		password: string,
	) {
		const otherAccount = `${otherType}:${email}`
		if (await loginLimits.waiting(address, otherAccount)) return false
		const other = await findCredentials[otherType](email)
		const valid = await passwords.verify(other?.password_hash, password)
		if (other && valid) return true
		await loginLimits.failed(address, otherAccount)
		return false
	}

	/**
	 * A login of one kind (people or organizations): the password (throttled per address, and per
	 * account from that address), then, for an account with two-factor on, a second step with a
	 * code (throttled the same way) before any session opens.
	 */
	function loginOf<
		T extends { id: string; email: string; password_hash: string; email_verified_at: Date | null },
		Shown extends object,
	>(
		accountType: AccountType,
		find: (email: string) => Promise<T | undefined>,
		accountOf: (row: NoInfer<T>) => Account,
		present: (row: NoInfer<T>) => Shown,
	) {
		const signedIn = async (c: Context<ApiEnv>, row: T) => ({
			message: 'Login successful',
			user: {
				...present(row),
				emailVerified: row.email_verified_at !== null,
				...(await openSignedIn(deps, c, accountType, accountOf(row))),
			},
		})

		return {
			async password(
				c: Context<ApiEnv>,
				{ email, password, timeZone }: z.output<typeof credentials>,
			) {
				const address = clientAddress(c, config.proxySecret)
				const account = `${accountType}:${email}`
				const row = await loginLimits.oneAtATime(address, account, async () => {
					await loginLimits.admit(address, account)
					const found = await find(email)
					const valid = await passwords.verify(found?.password_hash, password)
					if (!found || !valid) {
						await loginLimits.failed(address, account)
						const otherType = accountType === 'user' ? 'organization' : 'user'
						if (await isOtherKindsLogin(address, otherType, email, password)) {
							throw new ApiError(
								401,
								otherType === 'organization' ? MESSAGES.organizationLogin : MESSAGES.userLogin,
							)
						}
						throw new ApiError(401, MESSAGES.badCredentials)
					}
					await loginLimits.succeeded(address, account)
					return found
				})
				const ref = { accountType, accountId: row.id }
				// Reminders are written in the zone the person last logged in from (decision 038).
				if (accountType === 'user' && timeZone && isTimeZone(timeZone)) {
					await saveTimeZone(db, row.id, timeZone)
				}
				if (await isTwoFactorOn(db, ref)) {
					// The owner's request to turn it off has waited its period: the password is enough.
					if (await finishReadyRecovery(db, ref)) {
						afterAnswer(() => sendTwoFactorOff(deps, ref))
						return signedIn(c, row)
					}
					const readyAt = await recoveryReadyAt(db, ref)
					const needed: z.input<typeof twoFactorNeeded> = {
						message: TWO_FACTOR_NEEDED,
						twoFactorRequired: true,
						challenge: await signChallenge(ref, row.email, config.jwtSecret),
						...(readyAt && { recoveryReadyAt: readyAt.toISOString() }),
					}
					return needed
				}
				return signedIn(c, row)
			},
			async secondStep(c: Context<ApiEnv>, ref: RefreshSession, email: string, code: string) {
				const address = clientAddress(c, config.proxySecret)
				const account = `two-factor:${accountType}:${ref.accountId}`
				const wholeAccount = `${accountType}:${ref.accountId}`
				const { row, used } = await loginLimits.oneAtATime(address, account, async () => {
					await codeFieldSays(loginLimits.admit(address, account))
					await twoFactorLimits.admit(wholeAccount)
					const found = await find(email)
					const used =
						found?.id === ref.accountId
							? await spendSecondFactor(db, ref, code, config.jwtSecret)
							: null
					if (!found || !used) {
						await loginLimits.failed(address, account)
						if (await twoFactorLimits.failed(wholeAccount)) {
							afterAnswer(() => sendWrongCodesWarning(deps, ref))
						}
						throw new ApiError(401, WRONG_CODE, [{ path: 'code', msg: WRONG_CODE }])
					}
					await Promise.all([
						loginLimits.succeeded(address, account),
						twoFactorLimits.succeeded(wholeAccount),
					])
					return { row: found, used }
				})
				if (used.kind === 'recovery') afterAnswer(() => sendRecoveryCodeUsed(deps, ref, used.left))
				return signedIn(c, row)
			},
		}
	}

	return {
		user: loginOf('user', (email: string) => findUserCredentials(db, email), userAccount, toUser),
		organization: loginOf(
			'organization',
			(email: string) => findOrganizationCredentials(db, email),
			(organization) => ({ id: organization.id, role: 'organization', orgId: organization.id }),
			toOrganization,
		),
	}
}

export type Logins = ReturnType<typeof createLogins>

/** A login's second step: the challenge of its first, then the code. */
export async function loginSecondStep(
	deps: Pick<ApiDeps, 'config'>,
	logins: Logins,
	c: Context<ApiEnv>,
	{ challenge, code }: { challenge: string; code: string },
) {
	const pending = await verifyChallenge(challenge, deps.config.jwtSecret)
	if (!pending) throw new ApiError(401, CHALLENGE_EXPIRED)
	return logins[pending.accountType].secondStep(c, pending, pending.email, code)
}

/** "I can't use my codes": a mailed link that turns two-factor off after a wait (decision 053). */
export async function requestWayBack(deps: ApiDeps, challenge: string) {
	const pending = await verifyChallenge(challenge, deps.config.jwtSecret)
	if (!pending) throw new ApiError(401, CHALLENGE_EXPIRED)
	await accountLimitsOf(deps).wayBackRequested(`${pending.accountType}:${pending.accountId}`)
	const token = await requestRecoveryLink(deps.db, pending)
	if (token) afterAnswer(() => sendTwoFactorRecoveryLink(deps, pending, token))
	return { message: RECOVERY_LINK_SENT }
}
