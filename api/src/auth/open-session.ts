import type { Context } from 'hono'
import { spokenLanguage } from '../account/repository.ts'
import { warnOfNewDevice } from './new-device.ts'
import { signAccessToken } from '../platform/access-tokens.ts'
import { clientDevice } from '../platform/client-address.ts'
import type { Account, ApiDeps, ApiEnv } from '../platform/context.ts'
import type { AccountType } from '../schema.ts'
import { setRefreshCookie } from './refresh-cookie.ts'
import { openSession, sessionState } from './refresh-tokens.ts'

/**
 * Opens a session for an account whose sign-in is complete (a password, a two-factor code, or the
 * school's identity provider): its tokens, cookie and device, under the same rules for every way in.
 */
export async function openSignedIn(
	deps: ApiDeps,
	c: Context<ApiEnv>,
	accountType: AccountType,
	signedIn: Account,
) {
	const { db, config } = deps
	const ref = { accountId: signedIn.id, accountType }
	const device = clientDevice(c, config.proxySecret)
	const { session, refreshToken } = await openSession(db, ref, device, config.refreshTokenTtl)
	warnOfNewDevice(deps, ref, signedIn.role, device)
	const accessToken = await signAccessToken(
		signedIn,
		session.sessionId,
		config.jwtSecret,
		config.accessTokenTtl,
	)
	setRefreshCookie(c, refreshToken, config)
	const { mustSetUpTwoFactor } = await sessionState(db, session.sessionId, signedIn.role)
	// The app sends such a teacher to the set-up first; the API refuses the rest meanwhile.
	// The app speaks it on every page of the session (decision 063).
	const locale = await spokenLanguage(db, ref)
	return {
		accessToken,
		refreshToken,
		...(mustSetUpTwoFactor && { twoFactorSetupRequired: true as const }),
		...(locale && { locale }),
	}
}
