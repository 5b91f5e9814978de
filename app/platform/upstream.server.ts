import { t } from '@lingui/core/macro'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ZodType } from 'zod'
import { invalidate as publishInvalidation } from './cache-invalidation.server'
import { currentI18n } from './i18n'
import {
	errorFromReply,
	isTransient,
	parseAnswer,
	parseCachedAnswer,
	readJson,
	resourceOf,
	type Reply,
} from './upstream-answers.server'
import {
	cacheKey,
	responseCache,
	sortedQuery,
	type QueryParams,
	type ResponseCache,
	userTag,
} from './upstream-cache.server'
import { upstreamCache, upstreamCalls, upstreamDuration } from './metrics.server'
import { TWO_FACTOR_SETUP_REQUIRED } from './roles'
import { SessionExpiredError, toastForFailure, UpstreamError } from './upstream-errors'
import {
	accessTokenExpiresSoon,
	applySetCookies,
	refreshTokenFrom,
	refusesToken,
	sessionKeyOf,
	sharedRefresh,
	tokenFrom,
} from './upstream-session.server'
import { fetchTransport, type Outgoing, undiciTransport } from './upstream-transport.server'

// The upstream client: dispatch, retries, one refresh per request with the refused call replayed,
// and the response cache. Reading answers is in upstream-answers.server.ts, the session's tokens
// and cookies in upstream-session.server.ts.

export type Tokens = { accessToken: string; refreshToken: string }

export type SessionChange = { tokens: Tokens | null; cookies: Record<string, string> }

export type UpstreamOptions = {
	baseUrl: string
	timeoutMs: number
	/** Cache partition: the user id, null for anonymous visitors. */
	userKey: string | null
	tokens: Tokens | null
	/** Cookies the upstream set earlier (the refresh token cookie), kept in the session. */
	cookies: Record<string, string>
	/** Writes changed tokens or cookies back to the session cookie. */
	onSessionChange(change: SessionChange): void
	cache?: ResponseCache
	/**
	 * Every GET of this request asks the upstream and refreshes the cache: a full page reload
	 * never shows an answer the user knows is stale (a change the app did not see, docs/decisions/018).
	 */
	fresh?: boolean
	/** Where a mutation's stale tags go: the invalidation channel, or the given cache alone. */
	invalidate?: (tags: readonly string[]) => void
	/** A test's stand-in for the API: every call goes through it (undici's pool otherwise). */
	fetch?: typeof fetch
	retryDelayMs?: (attempt: number) => number
	/**
	 * The browser's address, so the upstream's per-address limits see the user, not this server;
	 * sent with the secret the upstream checks before it believes it (decisions/014); and its user
	 * agent, which names the device in the account's list of sign-ins (decisions/033).
	 */
	client?: { address: string; userAgent: string; proxySecret: string }
	/** The page request's id (server.mjs), sent as X-Request-Id so the API logs the same one. */
	requestId?: string
	/**
	 * The sign-in is already held at the two-factor set-up (decision 037), whose pages read only
	 * what the API still answers it: the hold's refusal of the session check is no news to them.
	 */
	heldForTwoFactor?: boolean
}

export type GetOptions<T> = {
	query?: QueryParams
	/** Made once, at module level: a cached answer is parsed once per schema object, so a schema
	 * built per call is built and parsed again on every request. */
	schema: ZodType<T>
	fallback: string
	/** List calls: 3 attempts. */
	retry?: boolean
	cache?: boolean
	/** Which mutations make this answer stale; the path's first segment by default. */
	resource?: string
	/** Skip a cached answer but keep the new one. */
	fresh?: boolean
}

export type SendOptions<T> = {
	json?: unknown
	form?: FormData
	schema: ZodType<T>
	fallback: string
	errorField?: 'message' | 'error'
	retry?: boolean
	/** Tags made stale besides the path's first segment (staleAfter in cache-invalidation.server.ts). */
	invalidates?: readonly string[]
	/**
	 * The call may end other sign-ins of this user (end the others, a new password): every process
	 * asks the API again before it serves any of them a cached answer (docs/decisions/056).
	 */
	endsSessions?: boolean
}

export type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type StreamOptions = {
	query?: QueryParams
	fallback: string
	/** Conditional request headers passed on (If-None-Match, If-Modified-Since): a 304 is answered as it is. */
	conditional?: Headers
}

export type Upstream = {
	get<T>(path: string, options: GetOptions<T>): Promise<T>
	send<T>(method: Method, path: string, options: SendOptions<T>): Promise<T>
	/**
	 * A GET whose answer is passed on as it comes (a file download): same bearer, refresh and
	 * replay as the JSON calls, never cached; a failure throws the same UpstreamError.
	 */
	stream(path: string, options: StreamOptions): Promise<Response>
	tokens(): Tokens | null
	/** Refreshes an access token that has expired or is about to; true when it did. */
	refreshIfExpiring(): Promise<boolean>
}

type Call = {
	method: 'GET' | Method
	path: string
	search: string
	json?: unknown
	form?: FormData
	fallback: string
	errorField?: 'message' | 'error'
}

const maxAttempts = 3

/**
 * The least a call gets once its request's budget is spent: enough for an answer that waits on
 * nothing (the API answers those in milliseconds), far less than another wait on a lock.
 */
export const SPENT_BUDGET_CALL_MS = 500

/** The API's refusal of the sign-in itself (ended, or held for two-factor), not a failure to answer. */
const refusesSession = (error: unknown) =>
	error instanceof SessionExpiredError ||
	(error instanceof UpstreamError && (error.status === 401 || error.status === 403))

/** The refresh call's refusal of the token itself (the reference API answers 401). */
const refusesRefresh = (status: number) => status === 401 || status === 403
// Far beyond any real address (ids are UUIDs, searches at most 100 characters); servers refuse a
// much longer request line (431), so an id that long is answered here as the API answers an
// unknown one.
const maxUrlLength = 8 * 1024

/** The upstream client of one incoming request: its tokens, its cookie jar, at most one refresh. */
export function createUpstream(options: UpstreamOptions): Upstream {
	const cache = options.cache ?? responseCache
	const invalidate =
		options.invalidate ??
		(options.cache ? (tags: readonly string[]) => cache.invalidate(tags) : publishInvalidation)
	// The JSON calls go through undici's pool. A form (a file upload) and a file passed on as it
	// comes (stream) keep fetch: the form is the web's FormData, which fetch writes as multipart
	// with its length, and the stream's Response is what the route returns.
	const fetcher = options.fetch ?? fetch
	const transport = options.fetch ? fetchTransport(options.fetch) : undiciTransport
	const formTransport = fetchTransport(fetcher)
	const retryDelayMs = options.retryDelayMs ?? ((attempt: number) => attempt * 1000)
	const baseUrl = options.baseUrl.replace(/\/+$/, '')
	let tokens = options.tokens
	const cookies = { ...options.cookies }
	// Spec: one refresh per request. `from` is the token it replaced: a 403 for a call made with
	// any other token is a permission refusal, not an expired session.
	let refresh: { from: string; done: Promise<void> } | null = null
	// The access token that refresh gave. A call sent with it and refused for the token itself is
	// as a replay refused: the session ended upstream (a refresh shared with another request of the
	// browser just before the end, or one made before any call, e.g. refreshIfExpiring).
	let refreshedToken: string | undefined
	// One time budget for the whole request, across its calls (issue 42): `timeoutMs` from its start,
	// and spent at once when a call timed out or the API answered 503 after a wait (it waited out
	// its own database timeout: a locked table). A page whose action and loaders all wait on a
	// locked table then answers within about one wait, not one per call (or per retry). Later calls
	// still get SPENT_BUDGET_CALL_MS, so what waits on nothing still comes; a quick 503 (an API
	// restarting behind a balancer) spends nothing and may be retried.
	let deadline = Date.now() + options.timeoutMs
	const floorMs = Math.min(SPENT_BUDGET_CALL_MS, options.timeoutMs)
	const budgetSpent = () => Date.now() >= deadline
	const callTimeoutMs = () => Math.max(floorMs, Math.min(options.timeoutMs, deadline - Date.now()))

	function publish() {
		options.onSessionChange({ tokens: tokens && { ...tokens }, cookies: { ...cookies } })
	}

	function endSession() {
		tokens = null
		for (const name of Object.keys(cookies)) delete cookies[name]
		publish()
	}

	/** A call's headers, names in lower case (a plain object: no WHATWG Headers per call). */
	function headers(
		accessToken: string | undefined,
		jar: Record<string, string>,
	): Record<string, string> {
		// The page's language, for what the API writes for people (a PDF, a CSV's headers).
		const result: Record<string, string> = {
			accept: 'application/json',
			'accept-language': currentI18n().locale,
		}
		if (accessToken) result.authorization = `Bearer ${accessToken}`
		let cookie = ''
		for (const name in jar) cookie += `${cookie ? '; ' : ''}${name}=${jar[name]}`
		if (cookie) result.cookie = cookie
		if (options.requestId) result['x-request-id'] = options.requestId
		if (options.client) {
			result['x-tutorhub-client-address'] = options.client.address
			result['x-tutorhub-proxy-secret'] = options.client.proxySecret
			result['x-tutorhub-client-agent'] = options.client.userAgent
		}
		return result
	}

	/** `wholeTimeout`: the refresh, whose timeout ends the sign-in, always gets its whole time. */
	async function exchange(
		url: string,
		init: Omit<Outgoing, 'signal'>,
		fallback: string,
		wholeTimeout = false,
	): Promise<Reply> {
		if (url.length > maxUrlLength)
			return { status: 404, ok: false, text: JSON.stringify({ message: t`Not found` }) }
		const signal = AbortSignal.timeout(wholeTimeout ? options.timeoutMs : callTimeoutMs())
		const transportError = (cause: unknown) => {
			const kind = signal.aborted ? 'timeout' : 'network'
			return new UpstreamError({ kind, text: fallback, toast: toastForFailure({ kind }), cause })
		}
		let response: Awaited<ReturnType<typeof transport>>
		const method = init.method
		const stopTimer = upstreamDuration.startTimer({ method })
		const sentAt = Date.now()
		const send = typeof init.body === 'object' ? formTransport : transport
		try {
			response = await send(url, { ...init, signal })
		} catch (error) {
			upstreamCalls.inc({ method, status: signal.aborted ? 'timeout' : 'network' })
			if (signal.aborted) deadline = 0
			throw transportError(error)
		} finally {
			stopTimer()
		}
		upstreamCalls.inc({ method, status: String(response.status) })
		if (response.status === 503 && Date.now() - sentAt >= floorMs) deadline = 0
		if (applySetCookies(cookies, response.setCookies, Date.now())) publish()
		const ok = response.status >= 200 && response.status < 300
		try {
			return { status: response.status, ok, text: await response.text() }
		} catch (error) {
			throw transportError(error)
		}
	}

	function dispatch(call: Call, accessToken: string | undefined): Promise<Reply> {
		const requestHeaders = headers(accessToken, cookies)
		let body: string | FormData | undefined
		if (call.form) {
			// The transport writes the multipart boundary into the content type itself.
			body = call.form
		} else if (call.json !== undefined) {
			requestHeaders['content-type'] = 'application/json'
			body = JSON.stringify(call.json)
		}
		const url = `${baseUrl}${call.path}${call.search ? `?${call.search}` : ''}`
		return exchange(url, { method: call.method, headers: requestHeaders, body }, call.fallback)
	}

	async function refreshAccessToken(current: Tokens, fallback: string): Promise<void> {
		const jar =
			'refreshToken' in cookies ? cookies : { ...cookies, refreshToken: current.refreshToken }
		const requestHeaders = headers(undefined, jar)
		requestHeaders['x-retry'] = 'true'
		let reply: Reply
		try {
			reply = await sharedRefresh(`${baseUrl}|${jar.refreshToken}`, () =>
				exchange(
					`${baseUrl}/auth/refresh-token`,
					{ method: 'POST', headers: requestHeaders },
					fallback,
					true,
				),
			)
		} catch (error) {
			// A network failure says nothing about the refresh token: the session is kept, and
			// the next call may try again.
			if (!(error instanceof UpstreamError) || error.kind !== 'timeout') throw error
			endSession()
			throw new SessionExpiredError('refresh-timeout', { cause: error })
		}
		// Only a refusal of the refresh token ends the session. An API or database that fails
		// (5xx, a proxy's 502) says nothing about the token: the session is kept, the call fails
		// with the area's error, and the next request tries again (issue 27).
		if (!reply.ok && !refusesRefresh(reply.status)) throw errorFromReply(reply, { fallback })
		const token = reply.ok ? tokenFrom(reply.text) : undefined
		if (!token) {
			endSession()
			throw new SessionExpiredError('refresh-failed', {
				cause: new Error(`Refresh answered with status ${reply.status}`),
			})
		}
		// The upstream rotates the refresh token on each use: its successor came as the cookie (to
		// the request that made the call) and in the body (to every request sharing the answer).
		const rotated = refreshTokenFrom(reply.text)
		if (rotated) cookies.refreshToken = rotated
		tokens = { accessToken: token, refreshToken: cookies.refreshToken ?? current.refreshToken }
		refreshedToken = token
		publish()
	}

	/** The token to replay with after a 403, or null when this 403 is a refusal to keep. */
	async function renewedToken(sentWith: string, fallback: string): Promise<string | null> {
		if (!tokens) return null
		if (!refresh) {
			const attempt = { from: sentWith, done: refreshAccessToken(tokens, fallback) }
			refresh = attempt
			// A refresh that never reached the upstream does not use up this request's one refresh.
			attempt.done.catch((error: unknown) => {
				if (!(error instanceof SessionExpiredError) && refresh === attempt) refresh = null
			})
		} else if (refresh.from !== sentWith) {
			return null
		}
		await refresh.done
		return tokens?.accessToken ?? null
	}

	/**
	 * Sends with the current access token; a 403 to it is answered by one refresh (shared by the
	 * request's calls) and the call sent again with the new token. `replayed` says it was.
	 */
	async function sendRenewing<R extends { status: number }>(
		send: (accessToken: string | undefined) => Promise<R>,
		fallback: string,
		discard: (refused: R) => Promise<unknown> = async () => {},
	): Promise<{ answer: R; replayed: boolean }> {
		const sentWith = tokens?.accessToken
		const answer = await send(sentWith)
		// Sent with the token this request's refresh just gave: a refusal now is the replay's.
		const fresh = sentWith !== undefined && sentWith === refreshedToken
		if (answer.status !== 403 || !sentWith) return { answer, replayed: fresh }
		const renewed = await renewedToken(sentWith, fallback)
		if (!renewed) return { answer, replayed: fresh }
		await discard(answer)
		return { answer: await send(renewed), replayed: true }
	}

	async function perform(call: Call): Promise<string> {
		const { answer: reply, replayed } = await sendRenewing(
			(accessToken) => dispatch(call, accessToken),
			call.fallback,
		)
		// Still refused for the token itself, just after a refresh: the session has ended upstream
		// (a logout elsewhere, say). A refusal of the action stays a permission error.
		if (replayed && reply.status === 403 && refusesToken(reply.text)) {
			endSession()
			throw new SessionExpiredError('refresh-failed', {
				cause: new Error('The refreshed access token was refused'),
			})
		}
		if (!reply.ok) throw errorFromReply(reply, call)
		return reply.text
	}

	/** Whether this request's sign-in may be served cached answers without asking the API. */
	function sessionKnownOpen(): boolean {
		const accessToken = tokens?.accessToken
		return !accessToken || options.userKey === null || cache.sessionOpen(sessionKeyOf(accessToken))
	}

	/**
	 * Cached answers are the user's, not the sign-in's: before one is served, the API says this
	 * sign-in is still open and not held (`GET /auth/session`), at most SESSION_RECHECK_MS ago, and
	 * an end or hold the app sees forgets that at once (docs/decisions/056). A refusal ends the
	 * session or holds it as any call's does; an API that cannot answer refuses nothing, so the
	 * cached answer is served.
	 */
	async function checkSession(): Promise<void> {
		const accessToken = tokens?.accessToken
		if (!accessToken || options.userKey === null) return
		let asked = false
		const ask = () => {
			asked = true
			return perform({
				method: 'GET',
				path: '/auth/session',
				search: '',
				fallback: t`Failed to check the sign-in`,
			}).catch((error: unknown) => {
				// A backend without the call: its sign-ins are taken as open, as before it existed.
				if (!(error instanceof UpstreamError && error.status === 404)) throw error
			})
		}
		// The API checks that a session is open before it checks the hold: a held one is open.
		const refused = (error: unknown) =>
			refusesSession(error) &&
			!(
				options.heldForTwoFactor &&
				error instanceof UpstreamError &&
				error.code === TWO_FACTOR_SETUP_REQUIRED
			)
		try {
			await cache.checkSession(sessionKeyOf(accessToken), options.userKey, ask)
		} catch (error) {
			if (!refused(error)) return
			// Another request's check, with its own tokens: this request asks for itself.
			if (!asked)
				await ask().catch((own: unknown) => {
					if (refused(own)) throw own
				})
			else throw error
		}
	}

	async function withRetries(
		retry: boolean | undefined,
		method: Method | 'GET',
		run: () => Promise<string>,
	): Promise<string> {
		const attempts = retry ? maxAttempts : 1
		for (let attempt = 1; ; attempt++) {
			try {
				return await run()
			} catch (error) {
				if (!(error instanceof UpstreamError) || !isTransient(error, method)) throw error
				// Tried again only while the request's budget lasts.
				if (attempt >= attempts || budgetSpent()) {
					if (retry) error.cause = new Error('Max retries exceeded', { cause: error.cause })
					throw error
				}
				await sleep(retryDelayMs(attempt))
			}
		}
	}

	return {
		async get<T>(path: string, request: GetOptions<T>): Promise<T> {
			const call: Call = {
				method: 'GET',
				path,
				search: sortedQuery(request.query),
				fallback: request.fallback,
			}
			const load = async () =>
				readJson(await withRetries(request.retry, 'GET', () => perform(call)), request.fallback)
			if (request.cache === false)
				return parseAnswer(await load(), request.schema, request.fallback)
			const key = cacheKey(options.userKey, 'GET', path, call.search)
			const fresh = request.fresh || options.fresh
			if (!fresh) {
				const hit = cache.get(key)
				upstreamCache.inc({ outcome: hit === undefined ? 'miss' : 'hit' })
				if (hit !== undefined) {
					if (!sessionKnownOpen()) await checkSession()
					return parseCachedAnswer(hit, request.schema, request.fallback)
				}
			} else upstreamCache.inc({ outcome: 'miss' })
			const raw = await cache.dedupe(
				key,
				async () => {
					const answer = await load()
					// Checked before it is stored, so an answer of the wrong shape is not served
					// for five minutes; the parsed value is kept for the return below.
					parseCachedAnswer(answer, request.schema, request.fallback)
					return answer
				},
				{
					store: { userKey: options.userKey, resource: request.resource ?? resourceOf(path) },
					replace: fresh,
				},
			)
			return parseCachedAnswer(raw, request.schema, request.fallback)
		},

		async send<T>(method: Method, path: string, request: SendOptions<T>): Promise<T> {
			const call: Call = {
				method,
				path,
				search: '',
				json: request.json,
				form: request.form,
				fallback: request.fallback,
				errorField: request.errorField,
			}
			const text = await withRetries(request.retry, method, () => perform(call))
			// The mutation happened even if its answer turns out malformed, so invalidate first.
			invalidate([
				resourceOf(path),
				...(request.invalidates ?? []),
				...(request.endsSessions && options.userKey !== null ? [userTag(options.userKey)] : []),
			])
			return parseAnswer(readJson(text, request.fallback), request.schema, request.fallback)
		},

		async stream(path: string, request: StreamOptions): Promise<Response> {
			const search = sortedQuery(request.query)
			const call: Call = { method: 'GET', path, search, fallback: request.fallback }
			const url = `${baseUrl}${path}${search ? `?${search}` : ''}`
			const open = async (accessToken: string | undefined) => {
				const requestHeaders = headers(accessToken, cookies)
				requestHeaders.accept = '*/*'
				for (const name of ['if-none-match', 'if-modified-since']) {
					const value = request.conditional?.get(name)
					if (value) requestHeaders[name] = value
				}
				let response: Response
				try {
					response = await fetcher(url, {
						method: 'GET',
						headers: requestHeaders,
						signal: AbortSignal.timeout(options.timeoutMs),
					})
				} catch (error) {
					const kind =
						error instanceof DOMException && error.name === 'TimeoutError' ? 'timeout' : 'network'
					throw new UpstreamError({
						kind,
						text: request.fallback,
						toast: toastForFailure({ kind }),
						cause: error,
					})
				}
				if (applySetCookies(cookies, response.headers.getSetCookie(), Date.now())) publish()
				return response
			}
			const { answer: response } = await sendRenewing(
				open,
				request.fallback,
				(refused) => refused.body?.cancel().catch(() => {}) ?? Promise.resolve(),
			)
			if (!response.ok && !(request.conditional && response.status === 304)) {
				const text = await response.text().catch(() => '')
				throw errorFromReply({ status: response.status, ok: false, text }, call)
			}
			return response
		},

		tokens: () => tokens && { ...tokens },

		async refreshIfExpiring(): Promise<boolean> {
			const current = tokens?.accessToken
			if (!current || !accessTokenExpiresSoon(current)) return false
			try {
				return (await renewedToken(current, t`Session refresh failed`)) !== null
			} catch (error) {
				// Unreachable or failing upstream: the page's own calls will report it with their own texts.
				if (error instanceof UpstreamError) return false
				throw error
			}
		},
	}
}
