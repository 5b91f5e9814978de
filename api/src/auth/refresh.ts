import type { Context } from 'hono'
import { signAccessToken, verifyAccessToken } from '../platform/access-tokens.ts'
import { clientAddress } from '../platform/client-address.ts'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError } from '../platform/errors.ts'
import { loadAccount } from './accounts.ts'
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.ts'
import { rotateRefreshToken, sessionOfRefreshToken } from './refresh-tokens.ts'
import { revokeSession } from './repository.ts'

const INVALID_REFRESH = 'Invalid or expired refresh token'
const BEARER = /^Bearer\s+(\S+)\s*$/i

/** A new access token for the refresh cookie, whose successor comes back as the cookie. */
export async function refreshSignIn(
	{ db, config }: Pick<ApiDeps, 'db' | 'config'>,
	c: Context<ApiEnv>,
) {
	const token = readRefreshCookie(c)
	const rotation = token
		? await rotateRefreshToken(
				db,
				token,
				config.refreshTokenTtl,
				config.jwtSecret,
				clientAddress(c, config.proxySecret),
			)
		: null
	if (rotation?.outcome !== 'rotated') {
		clearRefreshCookie(c, config)
		throw new ApiError(401, INVALID_REFRESH)
	}
	const account = await loadAccount(db, rotation.session)
	if (!account) throw new ApiError(401, INVALID_REFRESH)
	// Each refresh token is good once: its successor comes back as the cookie and, for clients
	// that keep it themselves, in the body.
	setRefreshCookie(c, rotation.refreshToken, config)
	const { sessionId } = rotation.session
	return {
		token: await signAccessToken(account, sessionId, config.jwtSecret, config.accessTokenTtl),
		refreshToken: rotation.refreshToken,
	}
}

/** Ends the session of the refresh cookie or of the bearer token, whichever came. */
export async function signOut({ db, config }: Pick<ApiDeps, 'db' | 'config'>, c: Context<ApiEnv>) {
	const token = readRefreshCookie(c)
	const bearer = BEARER.exec(c.req.header('authorization') ?? '')?.[1]
	const sessions = await Promise.all([
		token ? sessionOfRefreshToken(db, token) : null,
		bearer ? verifyAccessToken(bearer, config.jwtSecret).then((a) => a?.sessionId) : null,
	])
	for (const sessionId of new Set(sessions)) if (sessionId) await revokeSession(db, sessionId)
	clearRefreshCookie(c, config)
}
