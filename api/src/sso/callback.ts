import type { Context } from 'hono'
import type { z } from 'zod'
import { confirmEmail, findAccount } from '../account/repository.ts'
import { userAccount } from '../auth/accounts.ts'
import { openSignedIn } from '../auth/open-session.ts'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import type { Passwords } from '../platform/passwords.ts'
import { toUser } from '../users/present.ts'
import { authorizationUrl, exchangeCode } from './provider.ts'
import type { ssoAuthorize, ssoCallback } from './schemas.ts'
import { providerOf, settingsOf } from './settings.ts'
import { linkNeeded, resolveSignIn, signLink } from './sign-in.ts'

// A sign-in with the organization's provider, there and back (moved from sso/routes.ts, decision
// 060).

const CALLBACK_PATH = '/login/sso/callback'

/** The provider sends the browser back to the app's page, which hands the answer on to the API. */
const redirectUriOf = (config: ApiDeps['config']) =>
	`${config.publicUrl ?? 'http://localhost:3000'}${CALLBACK_PATH}`

/** The provider's authorization URL for the caller's checks, which the caller keeps. */
export async function startSignIn(
	{ db, config }: Pick<ApiDeps, 'db' | 'config'>,
	{ organizationId, ...checks }: z.output<typeof ssoAuthorize>,
) {
	const row = await settingsOf(db, organizationId)
	return { url: await authorizationUrl(providerOf(config, row), redirectUriOf(config), checks) }
}

/**
 * The provider's answer: a session, as a login's (the school's own sign-in stands in for the
 * platform's two-factor step, decision 040), or, when the account's owner must consent first,
 * the note to link with and no session (decision 052).
 */
export async function finishSignIn(
	deps: ApiDeps,
	passwords: Passwords,
	c: Context<ApiEnv>,
	{ organizationId, query, ...checks }: z.output<typeof ssoCallback>,
) {
	const { db, config } = deps
	const row = await settingsOf(db, organizationId)
	const callbackUrl = new URL(redirectUriOf(config))
	callbackUrl.search = query.replace(/^\?/, '')
	const claims = await exchangeCode(providerOf(config, row), callbackUrl, checks)
	const organization = {
		id: row.organization_id,
		name: row.organization_name,
		providerName: row.provider_name,
		joinByDomain: row.join_by_domain,
	}
	const outcome = await resolveSignIn(db, passwords, organization, claims)
	if (outcome.kind === 'link-needed') {
		const linkToken = await signLink(
			{
				userId: outcome.user.id,
				issuer: claims.issuer,
				subject: claims.subject,
				organizationId: organization.id,
				join: outcome.join,
			},
			config.jwtSecret,
		)
		// A step remains, as with a two-factor login's challenge: no session yet.
		return {
			message: linkNeeded(organization),
			linkRequired: true as const,
			email: outcome.user.email,
			organizationName: organization.name,
			providerName: organization.providerName,
			join: outcome.join,
			linkToken,
		}
	}
	const { user } = outcome
	const ref = { accountType: 'user' as const, accountId: user.id }
	// The school's provider vouched for this address, in a domain the school proved it holds
	// (decision 051); otherwise the address is as verified as it was.
	if (outcome.emailProven) await confirmEmail(db, ref, user.email)
	const emailVerified =
		outcome.emailProven || ((await findAccount(db, ref))?.emailVerified ?? false)
	return {
		message: 'Login successful',
		user: {
			...toUser(user),
			emailVerified,
			...(await openSignedIn(deps, c, 'user', userAccount(user))),
		},
	}
}
