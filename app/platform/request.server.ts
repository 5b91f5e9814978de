import type { Locale } from '../../contract/locales'
import {
	createContext,
	data,
	redirect,
	type MiddlewareFunction,
	type RouterContextProvider,
	type Session,
} from 'react-router'
import { env } from './env.server'
import { REPLAY_HEADER } from './offline-queue'
import { dashboardPath, TWO_FACTOR_SETUP_PATH, TWO_FACTOR_SETUP_REQUIRED, type Role } from './roles'
import {
	readSession,
	sessionStorage,
	type PendingSignIn,
	type SessionData,
	type SessionUser,
} from './session.server'
import { sendToast } from './toast.server'
import { createUpstream, type Tokens } from './upstream.server'
import { SessionExpiredError, sessionToasts, UpstreamError } from './upstream-errors'
import { invalidate } from './cache-invalidation.server'
import { responseCache, sessionTag } from './upstream-cache.server'
import { sessionKeyOf } from './upstream-session.server'

type Upstream = ReturnType<typeof createUpstream>

type RequestState = {
	session: Session<SessionData>
	user: SessionUser | null
	upstream: Upstream
	upstreamCookies: Record<string, string>
	changed: boolean
	ended: boolean
}

const requestState = createContext<RequestState>()
type Context = Readonly<RouterContextProvider>

/**
 * Opens the session cookie, builds the request-scoped upstream client, refreshes an access token
 * that is about to expire before any loader runs (so it happens once and unnoticed), and writes
 * changed tokens back to the cookie on the same response.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
	{ request, context },
	next,
) => {
	const session = await readSession(request.headers.get('Cookie'))
	const user = session.get('user') ?? null
	const state: RequestState = {
		session,
		user,
		upstreamCookies: session.get('upstreamCookies') ?? {},
		changed: false,
		ended: false,
		upstream: undefined as unknown as Upstream,
	}
	state.upstream = createUpstream({
		baseUrl: env.apiBaseUrl,
		timeoutMs: env.upstreamTimeoutMs,
		retryDelayMs: (attempt) => attempt * env.upstreamRetryDelayMs,
		userKey: user?.id ?? null,
		fresh: user !== null && isReload(request),
		tokens: readTokens(session),
		cookies: state.upstreamCookies,
		client: clientOf(request),
		requestId: request.headers.get('x-request-id') ?? undefined,
		heldForTwoFactor: user?.twoFactorSetupRequired === true,
		onSessionChange: ({ tokens, cookies }) => {
			state.upstreamCookies = cookies
			if (state.user && tokens) {
				session.set('accessToken', tokens.accessToken)
				session.set('refreshToken', tokens.refreshToken)
				session.set('upstreamCookies', cookies)
				state.changed = true
			}
		},
	})
	context.set(requestState, state)

	if (user) {
		try {
			if (await state.upstream.refreshIfExpiring()) sendToast(context, sessionToasts.refreshed)
		} catch (error) {
			if (!(error instanceof SessionExpiredError)) throw error
			endSession(context, error)
		}
	}

	const response = await next()
	if (state.ended) {
		response.headers.append('Set-Cookie', await sessionStorage.destroySession(session))
	} else if (state.changed) {
		response.headers.append('Set-Cookie', await sessionStorage.commitSession(session))
	}
	return response
}

/**
 * A document the browser was told to fetch again (reload: `max-age=0`; hard reload: `no-cache`).
 * The user asks for what is true now: a change the app never saw (a provider's webhook, another
 * process) must show, so this request reads past the cache (docs/decisions/018). Client-side
 * navigations (`.data`) and prefetches keep the cache.
 */
function isReload(request: Request) {
	if (request.method !== 'GET') return false
	const url = new URL(request.url)
	if (url.pathname.endsWith('.data') || url.searchParams.has('_routes')) return false
	const cacheControl = `${request.headers.get('Cache-Control') ?? ''} ${request.headers.get('Pragma') ?? ''}`
	return /no-cache|max-age=0/i.test(cacheControl)
}

/**
 * The address server.mjs read from the socket and the browser's user agent, vouched for with
 * API_PROXY_SECRET when set.
 */
function clientOf(request: Request) {
	const address = request.headers.get('x-tutorhub-client-address')
	const userAgent = (request.headers.get('user-agent') ?? '').slice(0, 512)
	return address && env.apiProxySecret
		? { address, userAgent, proxySecret: env.apiProxySecret }
		: undefined
}

function readTokens(session: Session<SessionData>): Tokens | null {
	const accessToken = session.get('accessToken')
	const refreshToken = session.get('refreshToken')
	return accessToken && refreshToken ? { accessToken, refreshToken } : null
}

function state(context: Context): RequestState {
	return context.get(requestState)
}

function endSession(context: Context, error: SessionExpiredError) {
	const current = state(context)
	if (current.user) responseCache.dropUser(current.user.id)
	forgetSignIn(current)
	current.user = null
	current.ended = true
	sendToast(context, error.toast)
}

/**
 * An ended sign-in (logged out, or refused by the API): no process serves a copy of its cookie
 * another cached answer before asking the API (docs/decisions/056).
 */
function forgetSignIn(current: RequestState) {
	const accessToken = current.session.get('accessToken')
	if (current.user && accessToken) invalidate([sessionTag(sessionKeyOf(accessToken))])
}

export function currentUser(context: Context): SessionUser | null {
	return state(context).user
}

/**
 * The signed-in user for an error report: also asked before the session middleware ran (React
 * Router refuses a cross-site post first), when there is no request state yet.
 */
export function reportingUser(context: Context | undefined): SessionUser | null {
	try {
		return context ? state(context).user : null
	} catch {
		return null
	}
}

/**
 * The upstream client for this request. A refresh refused mid-loader ends the session and sends
 * the user to /login with the spec's toast, wherever the call was made.
 */
export function upstream(context: Context, request: Request): Upstream {
	const client = state(context).upstream
	const onExpired = (error: unknown): never => {
		if (error instanceof SessionExpiredError) {
			endSession(context, error)
			throw redirect(loginPath(request))
		}
		// The organization turned the requirement on since this teacher signed in (decision 037).
		if (error instanceof UpstreamError && error.code === TWO_FACTOR_SETUP_REQUIRED) {
			holdForTwoFactorSetup(context, true)
			throw redirect(TWO_FACTOR_SETUP_PATH)
		}
		throw error
	}
	return {
		...client,
		get: (path, options) => client.get(path, options).catch(onExpired),
		send: (method, path, options) => client.send(method, path, options).catch(onExpired),
		stream: (path, options) => client.stream(path, options).catch(onExpired),
	}
}

/**
 * The address of the page a request is for. With JavaScript a navigation or a form post asks for
 * `<page>.data` (single fetch, with `_routes=`): a redirect back must name the page itself, or the
 * address bar ends in `.data` and a reload shows raw data.
 */
export function pagePath(request: Request) {
	const url = new URL(request.url)
	const pathname = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/\.data$/, '')
	url.searchParams.delete('_routes')
	return pathname + url.search
}

export function loginPath(request: Request) {
	const back = pagePath(request)
	return back === '/' || back.startsWith('/login')
		? '/login'
		: `/login?redirectTo=${encodeURIComponent(back)}`
}

/** Every loader and action of a signed-in area starts here (parent and child loaders run in parallel). */
export function requireUser(context: Context, request: Request): SessionUser {
	const user = currentUser(context)
	if (user?.twoFactorSetupRequired && !pagePath(request).startsWith(TWO_FACTOR_SETUP_PATH)) {
		if (request.headers.has(REPLAY_HEADER)) throw data(null, { status: 403 })
		throw redirect(TWO_FACTOR_SETUP_PATH)
	}
	if (user) return user
	// A replayed offline change must learn it was not applied (it stays queued), not follow a redirect.
	if (request.headers.has(REPLAY_HEADER)) throw data(null, { status: 401 })
	throw redirect(loginPath(request))
}

export function requireRole(context: Context, request: Request, role: Role): SessionUser {
	const user = requireUser(context, request)
	if (user.role === role) return user
	if (request.headers.has(REPLAY_HEADER)) throw data(null, { status: 403 })
	throw redirect('/unauthorized')
}

/** Pages for visitors (login, sign-up) send a signed-in account to its dashboard instead. */
export function redirectSignedIn(context: Context) {
	const user = currentUser(context)
	if (user) throw redirect(dashboardPath[user.role])
}

export function startSession(context: Context, user: SessionUser, tokens: Tokens) {
	const current = state(context)
	responseCache.dropUser(user.id)
	current.session.set('user', user)
	current.session.unset('pendingSignIn')
	current.session.unset('ssoSignIn')
	current.session.set('accessToken', tokens.accessToken)
	current.session.set('refreshToken', tokens.refreshToken)
	// The refresh token also travels as the upstream's own cookie, as the contract expects.
	current.session.set('upstreamCookies', {
		refreshToken: tokens.refreshToken,
		...current.upstreamCookies,
	})
	current.user = user
	current.changed = true
	current.ended = false
}

/**
 * Whether the signed-in teacher is held at the two-factor set-up (decision 037): set when the API
 * says so, cleared once two-factor is on.
 */
export function holdForTwoFactorSetup(context: Context, held: boolean) {
	const current = state(context)
	if (!current.user || Boolean(current.user.twoFactorSetupRequired) === held) return
	current.user = { ...current.user, twoFactorSetupRequired: held || undefined }
	current.session.set('user', current.user)
	current.changed = true
}

/** The signed-in account chose a language (decision 063): its next pages speak it. */
export function setSessionLocale(context: Context, locale: Locale | null) {
	const current = state(context)
	if (!current.user) return
	current.user = { ...current.user, locale }
	current.session.set('user', current.user)
	current.changed = true
}

/** What a sign-in keeps between its steps, in the sealed cookie, before any session opens. */
type Held = Pick<SessionData, 'pendingSignIn' | 'ssoSignIn' | 'ssoLink'>

export function hold<K extends keyof Held>(context: Context, key: K, value: Held[K] | null) {
	const current = state(context)
	if (value) current.session.set(key, value)
	else current.session.unset(key)
	current.changed = true
}

export function held<K extends keyof Held>(context: Context, key: K): NonNullable<Held[K]> | null {
	return state(context).session.get(key) ?? null
}

/** A login's password was right and its two-factor code comes next. */
export function holdSignIn(context: Context, pending: PendingSignIn | null) {
	hold(context, 'pendingSignIn', pending)
}

export function pendingSignIn(context: Context): PendingSignIn | null {
	return held(context, 'pendingSignIn') ?? null
}

export function finishSession(context: Context) {
	const current = state(context)
	if (current.user) responseCache.dropUser(current.user.id)
	forgetSignIn(current)
	current.user = null
	current.ended = true
}
