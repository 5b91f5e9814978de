import { parseLenient, type Reply } from './upstream-answers.server'

// The session's side of the upstream: its access token's expiry, the refresh answers (shared
// between the requests of one session), and the cookie jar the upstream writes to.

type Claims = { exp?: number; sid?: string }

// A session's requests carry the same access token until it is refreshed: its claims are decoded
// once, not on every request.
const decoded = new Map<string, Claims>()
const maxDecoded = 2_000

/** The unverified claims of a JWT (`exp`, `sid`); none for an opaque token. */
function claimsOf(token: string): Claims {
	const known = decoded.get(token)
	if (known) return known
	const claims = decodeClaims(token)
	decoded.set(token, claims)
	if (decoded.size > maxDecoded) {
		const oldest = decoded.keys().next()
		if (!oldest.done) decoded.delete(oldest.value)
	}
	return claims
}

function decodeClaims(token: string): Claims {
	const parts = token.split('.')
	const payload = parts[1]
	if (parts.length !== 3 || !payload) return {}
	let claims: unknown
	try {
		claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
	} catch {
		return {}
	}
	if (typeof claims !== 'object' || claims === null) return {}
	const { exp, sid } = claims as Record<string, unknown>
	return {
		...(typeof exp === 'number' && { exp }),
		...(typeof sid === 'string' && sid !== '' && { sid }),
	}
}

/**
 * Decodes a JWT's `exp` without verifying it: only the upstream can judge the token, this just
 * avoids a round trip that is sure to answer 403. Opaque tokens are left to the 403 path.
 */
export function accessTokenExpiresSoon(token: string, skewSeconds = 5): boolean {
	const { exp } = claimsOf(token)
	return exp !== undefined && exp * 1000 <= Date.now() + skewSeconds * 1000
}

/**
 * Which sign-in an access token belongs to: its `sid` (decision 013), or for a backend whose tokens
 * say nothing the token itself (a refresh then counts as a new sign-in, asked about again).
 */
export function sessionKeyOf(accessToken: string): string {
	return claimsOf(accessToken).sid ?? accessToken
}

/**
 * Refreshes by refresh token (and upstream), in progress or done in the last few seconds. The
 * requests of one session that find its access token expiring together (a page and its prefetches,
 * several tabs, a burst of load) share one refresh instead of each asking the upstream for its own.
 * Only the holder of the session (its refresh token) gets the shared answer; a failure is shared
 * only while in flight.
 */
const refreshes = new Map<string, { reply: Promise<Reply>; until: number }>()
const refreshShareMs = 3_000
const maxSharedRefreshes = 5_000

export function sharedRefresh(key: string, run: () => Promise<Reply>): Promise<Reply> {
	const now = Date.now()
	const shared = refreshes.get(key)
	if (shared && shared.until > now) return shared.reply
	const entry = { reply: run(), until: Number.POSITIVE_INFINITY }
	refreshes.set(key, entry)
	const forget = () => {
		if (refreshes.get(key) === entry) refreshes.delete(key)
	}
	entry.reply.then((reply) => {
		if (reply.ok) entry.until = Date.now() + refreshShareMs
		else forget()
	}, forget)
	if (refreshes.size > maxSharedRefreshes) {
		for (const [other, { until }] of refreshes) if (until <= now) refreshes.delete(other)
	}
	return entry.reply
}

export function refreshTokenFrom(text: string): string | undefined {
	const body = parseLenient(text)
	if (typeof body !== 'object' || body === null || !('refreshToken' in body)) return undefined
	return typeof body.refreshToken === 'string' && body.refreshToken !== ''
		? body.refreshToken
		: undefined
}

/** A 403 about the bearer token (missing, expired, invalid), not about what it may do. */
export function refusesToken(text: string): boolean {
	const body = parseLenient(text)
	const message =
		typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : ''
	return /\btoken\b/i.test(message) && /missing|expired|invalid|revoked/i.test(message)
}

export function tokenFrom(text: string): string | undefined {
	const body = parseLenient(text)
	if (typeof body !== 'object' || body === null || !('token' in body)) return undefined
	return typeof body.token === 'string' && body.token !== '' ? body.token : undefined
}

/** Applies Set-Cookie headers to the jar; a cookie whose Max-Age or Expires has passed leaves. */
export function applySetCookies(
	jar: Record<string, string>,
	setCookies: string[],
	now: number,
): boolean {
	let changed = false
	for (const header of setCookies) {
		const [pair = '', ...attributes] = header.split(';')
		const split = pair.indexOf('=')
		if (split <= 0) continue
		const name = pair.slice(0, split).trim()
		const value = pair.slice(split + 1).trim()
		if (isExpired(attributes, now)) {
			if (name in jar) {
				delete jar[name]
				changed = true
			}
		} else if (jar[name] !== value) {
			jar[name] = value
			changed = true
		}
	}
	return changed
}

function isExpired(attributes: string[], now: number): boolean {
	const values = new Map<string, string>()
	for (const attribute of attributes) {
		const split = attribute.indexOf('=')
		if (split > 0)
			values.set(attribute.slice(0, split).trim().toLowerCase(), attribute.slice(split + 1).trim())
	}
	const maxAge = values.get('max-age')
	// RFC 6265: Max-Age wins over Expires.
	if (maxAge !== undefined) return Number(maxAge) <= 0
	const expires = values.get('expires')
	return expires !== undefined && Date.parse(expires) <= now
}
