import { t } from '@lingui/core/macro'
import * as oidc from 'openid-client'
import { redirect } from 'react-router'
import { Strategy } from 'remix-auth/strategy'
import type { SsoSignIn } from '~/platform/session.server'
import type { Upstream } from '~/platform/upstream.server'
import { authorizeSso, finishSso } from './api.server'

/**
 * Where a school sign-in ends: the API's answer (a session, or the account's password first) and
 * where the visitor was going when it started.
 */
export type SsoResult = { answer: Awaited<ReturnType<typeof finishSso>>; redirectTo: string }

/** Keeps a sign-in's checks between its two requests (the sealed session cookie). */
export type SsoChecksStore = {
	keep(checks: SsoSignIn): void
	take(): SsoSignIn | null
}

export const signInExpired = () =>
	t`Your school sign-in took too long. Start again from the login page.`

/** A callback that cannot be finished: no sign-in was started here, or it was started long ago. */
export class SsoExpiredError extends Error {}

/**
 * remix-auth's strategy for OpenID Connect through the reference API (decision 040). No maintained
 * strategy fits React Router 8, and the protocol itself is openid-client's throughout: here its
 * random `state`, `nonce` and PKCE verifier (kept in the sealed cookie, only the S256 challenge
 * leaves); in the API, which holds the client secret, discovery, the authorization URL, the code
 * exchange and every check of the ID token. The same `authenticate` starts a sign-in (a redirect to
 * the provider, thrown) and finishes it when the provider sends the browser back with a code.
 */
export class OidcStrategy extends Strategy<SsoResult, SsoResult> {
	name = 'oidc'

	constructor(
		private readonly api: Upstream,
		private readonly checks: SsoChecksStore,
		private readonly start: { organizationId: string; redirectTo: string } | null,
	) {
		super(async (result) => result)
	}

	async authenticate(request: Request): Promise<SsoResult> {
		const url = new URL(request.url)
		const returning = url.searchParams.has('code') || url.searchParams.has('error')
		if (!returning && this.start) throw await this.redirectToProvider(this.start)
		// Whatever happens next, these checks served their one sign-in.
		const kept = this.checks.take()
		if (!kept) throw new SsoExpiredError(signInExpired())
		const answer = await finishSso(this.api, {
			organizationId: kept.organizationId,
			query: url.search,
			state: kept.state,
			nonce: kept.nonce,
			codeVerifier: kept.codeVerifier,
		})
		return this.verify({ answer, redirectTo: kept.redirectTo })
	}

	private async redirectToProvider(start: { organizationId: string; redirectTo: string }) {
		const checks = {
			state: oidc.randomState(),
			nonce: oidc.randomNonce(),
			codeVerifier: oidc.randomPKCECodeVerifier(),
		}
		const { url } = await authorizeSso(this.api, {
			organizationId: start.organizationId,
			state: checks.state,
			nonce: checks.nonce,
			codeChallenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
		})
		this.checks.keep({ ...checks, ...start })
		return redirect(url)
	}
}
