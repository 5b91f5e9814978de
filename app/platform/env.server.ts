// One place that reads the environment, so a missing production secret fails at start, not mid-request.
import { z } from 'zod'

const isProduction = process.env.NODE_ENV === 'production'

function secret(name: string, developmentDefault: string): string {
	const value = process.env[name]
	if (value) return value
	if (isProduction) throw new Error(`${name} must be set in production`)
	return developmentDefault
}

/**
 * PUBLIC_URL: the site's public origin, the same setting the API reads for links in mails. In
 * production it must be named, so that the app and the API agree on it.
 */
function publicUrl(): string {
	const value = (process.env.PUBLIC_URL ?? '').trim().replace(/\/+$/, '')
	if (!value && isProduction) {
		throw new Error(
			"PUBLIC_URL must be set in production (the site's public origin, e.g. https://tutor.example.org)",
		)
	}
	return value
}

function positiveInt(name: string, fallback: number): number {
	const value = Number(process.env[name])
	return Number.isInteger(value) && value > 0 ? value : fallback
}

const iceUrl = z.string().regex(
	/^(stun|stuns|turn|turns):\S+$/,
	// For whoever configures the server, in English like the rest of its logs.
	// eslint-disable-next-line lingui/no-unlocalized-strings
	'an ICE server address starts with stun:, stuns:, turn: or turns:',
)
const iceServersSchema = z.array(
	z.strictObject({
		urls: z.union([iceUrl, z.array(iceUrl).min(1)]),
		username: z.string().optional(),
		credential: z.string().optional(),
	}),
)
export type IceServer = z.infer<typeof iceServersSchema>[number]

/**
 * ICE_SERVERS: the STUN and TURN servers video calls use to cross networks, as the JSON array
 * RTCPeerConnection takes (`[{"urls":"turn:turn.example.org:3478","username":"u","credential":"p"}]`).
 * Unset, none: peers connect only within one network. A bad value stops the start, naming it.
 */
export function readIceServers(raw: string | undefined): IceServer[] {
	if (!raw?.trim()) return []
	let parsed: unknown
	try {
		parsed = JSON.parse(raw)
	} catch (error) {
		throw new Error(
			`ICE_SERVERS must be JSON (an array of {urls, username?, credential?}): ${(error as Error).message}`,
			{ cause: error },
		)
	}
	const result = iceServersSchema.safeParse(parsed)
	if (!result.success) {
		const issue = result.error.issues[0]
		const where = issue?.path.length ? ` at ${issue.path.join('.')}` : ''
		throw new Error(
			`ICE_SERVERS is not a list of ICE servers${where}: ${issue?.message ?? 'invalid'}`,
		)
	}
	return result.data
}

export const env = {
	isProduction,
	isDevelopment: process.env.NODE_ENV === 'development',
	apiBaseUrl: `${(process.env.API_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, '')}/api/v1`,
	sessionSecret: secret('SESSION_SECRET', 'development-session-secret-change-me'),
	toastSecret: secret('TOAST_SECRET', 'development-toast-secret-change-me'),
	// Shared with the API, which believes the client address the app sends only with it.
	apiProxySecret: process.env.API_PROXY_SECRET ?? '',
	secureCookies: process.env.COOKIE_SECURE ? process.env.COOKIE_SECURE === '1' : isProduction,
	upstreamTimeoutMs: positiveInt('UPSTREAM_TIMEOUT_MS', 80_000),
	upstreamRetryDelayMs: positiveInt('UPSTREAM_RETRY_DELAY_MS', 1_000),
	// How long a visitor's page is kept (page-cache.server.ts); PAGE_CACHE_MS=0 turns it off.
	pageCacheMs: process.env.PAGE_CACHE_MS === '0' ? 0 : positiveInt('PAGE_CACHE_MS', 10_000),
	sentryDsn: process.env.SENTRY_DSN ?? '',
	// /error-check exists only while this is on (routes/operations/error-check.tsx).
	errorCheck: process.env.ERROR_CHECK === '1',
	sentryEnvironment: process.env.SENTRY_ENVIRONMENT ?? '',
	sentryRelease: process.env.SENTRY_RELEASE ?? '',
	stripePublishableKey: process.env.STRIPE_PUBLISHABLE_KEY ?? '',
	// Shares cache invalidations between app processes (cache-invalidation.server.ts); unset: this one only.
	redisUrl: process.env.REDIS_URL ?? '',
	// Handed only to a live room's members (features/conference/room.server.ts): TURN credentials.
	iceServers: readIceServers(process.env.ICE_SERVERS),
	// The site's public origin for addresses used outside the browser (calendar feeds); unset
	// (outside production): the request's.
	publicUrl: publicUrl(),
}

/**
 * Values the browser may see. Never put a secret here. With reporting on, the signed-in user's
 * own id and email go with their errors (the spec's personal-data setting).
 */
export function publicEnv(user: { id: string; email: string } | null) {
	const mode = isProduction ? 'production' : 'development'
	if (!env.sentryDsn) return { MODE: mode }
	return {
		MODE: mode,
		SENTRY_DSN: env.sentryDsn,
		SENTRY_ENVIRONMENT: env.sentryEnvironment,
		SENTRY_RELEASE: env.sentryRelease,
		SENTRY_USER: user ? { id: user.id, email: user.email } : null,
	}
}
