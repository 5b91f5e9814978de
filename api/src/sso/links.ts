import type { Context } from 'hono'
import { sendRecoveryCodeUsed, sendSsoLinked } from '../account/mails.ts'
import { findAccount } from '../account/repository.ts'
import { userAccount } from '../auth/accounts.ts'
import { openSignedIn } from '../auth/open-session.ts'
import type { Passwords } from '../platform/passwords.ts'
import { isTwoFactorOn, spendSecondFactor, WRONG_CODE } from '../auth/two-factor.ts'
import { afterAnswer } from '../platform/after-answer.ts'
import { clientAddress } from '../platform/client-address.ts'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, validationError, refusalCode } from '../platform/errors.ts'
import type { createLoginLimits } from '../platform/rate-limit.ts'
import { toUser } from '../users/present.ts'
import { findUser } from '../users/repository.ts'
import { SIGN_IN_FAILED } from './provider.ts'
import { findSsoSettings, linkIdentity } from './repository.ts'
import { verifyLink } from './sign-in.ts'

export const LINK_EXPIRED = 'Your school sign-in took too long. Sign in with your school again.'
// Refusals a client tells apart by their code (decision 072).
refusalCode(LINK_EXPIRED, 'sso_link_expired')
export const WRONG_PASSWORD = 'That password is not right.'
export const CODE_NEEDED =
	'Your account has two-factor sign-in on: enter the code from your authenticator app.'

type LoginLimits = ReturnType<typeof createLoginLimits>
export type Consent = { linkToken: string; password: string; code?: string }

/**
 * The owner's consent to link a school sign-in (issue 38, decision 052): the signed note from the
 * callback, the account's password and, with two-factor on, its code. Both are throttled as a
 * login's are (per address, and per account from that address). Linking mails the account and opens
 * a session, as the school sign-in would have; nothing else ever links an account of its owner's.
 */
export async function consentToLink(
	deps: ApiDeps,
	passwords: Passwords,
	limits: LoginLimits,
	c: Context<ApiEnv>,
	consent: Consent,
) {
	const { db, config } = deps
	const link = await verifyLink(consent.linkToken, config.jwtSecret)
	if (!link) throw new ApiError(400, LINK_EXPIRED)
	const address = clientAddress(c, config.proxySecret)
	const key = `sso-link:${link.userId}`
	const account = await limits.oneAtATime(address, key, async () => {
		await limits.admit(address, key)
		const found = await findAccount(db, { accountType: 'user', accountId: link.userId })
		if (!(await passwords.verify(found?.passwordHash, consent.password)) || !found) {
			await limits.failed(address, key)
			throw validationError([{ path: 'password', msg: WRONG_PASSWORD }])
		}
		await limits.succeeded(address, key)
		return found
	})
	const ref = { accountType: 'user' as const, accountId: link.userId }
	if (await isTwoFactorOn(db, ref)) {
		if (!consent.code?.trim()) throw validationError([{ path: 'code', msg: CODE_NEEDED }])
		const codeKey = `two-factor:${key}`
		const used = await limits.oneAtATime(address, codeKey, async () => {
			await limits.admit(address, codeKey)
			const spent = await spendSecondFactor(db, ref, consent.code ?? '', config.jwtSecret)
			if (!spent) {
				await limits.failed(address, codeKey)
				throw validationError([{ path: 'code', msg: WRONG_CODE }])
			}
			await limits.succeeded(address, codeKey)
			return spent
		})
		if (used.kind === 'recovery') afterAnswer(() => sendRecoveryCodeUsed(deps, ref, used.left))
	}
	// Still what the note was made for: a member of the organization, or (joining) of none.
	const user = await findUser(db, link.userId)
	if (!user) throw new ApiError(403, SIGN_IN_FAILED)
	const member = user.organization_id === link.organizationId
	const joins = link.join && user.organization_id === null && user.role === 'student'
	const settings = await findSsoSettings(db, link.organizationId)
	if ((!member && !joins) || !settings) throw new ApiError(403, SIGN_IN_FAILED)
	await linkIdentity(db, { ...link, userId: user.id }, { join: joins })
	const linked = (await findUser(db, user.id)) ?? user
	afterAnswer(() =>
		sendSsoLinked(deps, ref, linked.role, {
			organizationName: settings.organization_name,
			providerName: settings.provider_name,
			joined: joins,
		}),
	)
	return {
		message: `${settings.organization_name}'s ${settings.provider_name} sign-in is linked to your account`,
		user: {
			...toUser(linked),
			emailVerified: account.emailVerified,
			...(await openSignedIn(deps, c, 'user', userAccount(linked))),
		},
	}
}
