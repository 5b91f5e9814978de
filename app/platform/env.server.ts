// One place that reads the environment, so a missing production secret fails at start, not mid-request.
const isProduction = process.env.NODE_ENV === 'production'

function secret(name: string, developmentDefault: string): string {
	const value = process.env[name]
	if (value) return value
	if (isProduction) throw new Error(`${name} must be set in production`)
	return developmentDefault
}

function positiveInt(name: string, fallback: number): number {
	const value = Number(process.env[name])
	return Number.isInteger(value) && value > 0 ? value : fallback
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
	// The site's public origin for addresses used outside the browser (calendar feeds); unset: the request's.
	publicUrl: (process.env.PUBLIC_URL ?? '').replace(/\/+$/, ''),
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
