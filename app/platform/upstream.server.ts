import { setTimeout as sleep } from 'node:timers/promises'
import type { ZodType } from 'zod'
import { invalidate as publishInvalidation } from './cache-invalidation.server'
import {
	cacheKey,
	responseCache,
	sortedQuery,
	type QueryParams,
	type ResponseCache,
} from './upstream-cache.server'
import {
	classifyFailure,
	fieldErrorsFromBody,
	SessionExpiredError,
	storedErrorText,
	toastForFailure,
	UpstreamError,
} from './upstream-errors'

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
	fetch?: typeof fetch
	retryDelayMs?: (attempt: number) => number
	/**
	 * The browser's address, so the upstream's per-address limits see the user, not this server;
	 * sent with the secret the upstream checks before it believes it (decisions/014).
	 */
	client?: { address: string; proxySecret: string }
}

export type GetOptions<T> = {
	query?: QueryParams
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
}

export type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type StreamOptions = { query?: QueryParams; fallback: string }

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

type Reply = { status: number; ok: boolean; text: string }

const maxAttempts = 3
// Far beyond any real address (ids are UUIDs, searches at most 100 characters); servers refuse a
// much longer request line (431), so an id that long is answered here as the API answers an
// unknown one.
const maxUrlLength = 8 * 1024
const unexpectedAnswer = 'Unexpected response from the server'

/**
 * Decodes a JWT's `exp` without verifying it: only the upstream can judge the token, this just
 * avoids a round trip that is sure to answer 403. Opaque tokens are left to the 403 path.
 */
export function accessTokenExpiresSoon(token: string, skewSeconds = 5): boolean {
	const parts = token.split('.')
	const payload = parts[1]
	if (parts.length !== 3 || !payload) return false
	let claims: unknown
	try {
		claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
	} catch {
		return false
	}
	const exp = typeof claims === 'object' && claims !== null && 'exp' in claims ? claims.exp : null
	return typeof exp === 'number' && exp * 1000 <= Date.now() + skewSeconds * 1000
}

/** The upstream client of one incoming request: its tokens, its cookie jar, at most one refresh. */
export function createUpstream(options: UpstreamOptions): Upstream {
	const cache = options.cache ?? responseCache
	const invalidate =
		options.invalidate ??
		(options.cache ? (tags: readonly string[]) => cache.invalidate(tags) : publishInvalidation)
	const fetcher = options.fetch ?? fetch
	const retryDelayMs = options.retryDelayMs ?? ((attempt: number) => attempt * 1000)
	const baseUrl = options.baseUrl.replace(/\/+$/, '')
	let tokens = options.tokens
	const cookies = { ...options.cookies }
	// Spec: one refresh per request. `from` is the token it replaced: a 403 for a call made with
	// any other token is a permission refusal, not an expired session.
	let refresh: { from: string; done: Promise<void> } | null = null

	function publish() {
		options.onSessionChange({ tokens: tokens && { ...tokens }, cookies: { ...cookies } })
	}

	function endSession() {
		tokens = null
		for (const name of Object.keys(cookies)) delete cookies[name]
		publish()
	}

	function headers(accessToken: string | undefined, jar: Record<string, string>): Headers {
		const result = new Headers({ Accept: 'application/json' })
		if (accessToken) result.set('Authorization', `Bearer ${accessToken}`)
		const cookie = Object.entries(jar)
			.map(([name, value]) => `${name}=${value}`)
			.join('; ')
		if (cookie) result.set('Cookie', cookie)
		if (options.client) {
			result.set('X-TutorHub-Client-Address', options.client.address)
			result.set('X-TutorHub-Proxy-Secret', options.client.proxySecret)
		}
		return result
	}

	async function exchange(url: string, init: RequestInit, fallback: string): Promise<Reply> {
		if (url.length > maxUrlLength)
			return { status: 404, ok: false, text: JSON.stringify({ message: 'Not found' }) }
		const signal = AbortSignal.timeout(options.timeoutMs)
		const transportError = (cause: unknown) => {
			const kind = signal.aborted ? 'timeout' : 'network'
			return new UpstreamError({ kind, text: fallback, toast: toastForFailure({ kind }), cause })
		}
		let response: Response
		try {
			response = await fetcher(url, { ...init, signal })
		} catch (error) {
			throw transportError(error)
		}
		if (applySetCookies(cookies, response.headers.getSetCookie(), Date.now())) publish()
		try {
			return { status: response.status, ok: response.ok, text: await response.text() }
		} catch (error) {
			throw transportError(error)
		}
	}

	function dispatch(call: Call, accessToken: string | undefined): Promise<Reply> {
		const requestHeaders = headers(accessToken, cookies)
		let body: BodyInit | undefined
		if (call.form) {
			// fetch writes the multipart boundary into the content type itself.
			body = call.form
		} else if (call.json !== undefined) {
			requestHeaders.set('Content-Type', 'application/json')
			body = JSON.stringify(call.json)
		}
		const url = `${baseUrl}${call.path}${call.search ? `?${call.search}` : ''}`
		return exchange(url, { method: call.method, headers: requestHeaders, body }, call.fallback)
	}

	async function refreshAccessToken(current: Tokens, fallback: string): Promise<void> {
		const jar =
			'refreshToken' in cookies ? cookies : { ...cookies, refreshToken: current.refreshToken }
		const requestHeaders = headers(undefined, jar)
		requestHeaders.set('X-Retry', 'true')
		let reply: Reply
		try {
			reply = await sharedRefresh(`${baseUrl}|${jar.refreshToken}`, () =>
				exchange(
					`${baseUrl}/auth/refresh-token`,
					{ method: 'POST', headers: requestHeaders },
					fallback,
				),
			)
		} catch (error) {
			// A network failure says nothing about the refresh token: the session is kept, and
			// the next call may try again.
			if (!(error instanceof UpstreamError) || error.kind !== 'timeout') throw error
			endSession()
			throw new SessionExpiredError('refresh-timeout', { cause: error })
		}
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

	async function perform(call: Call): Promise<string> {
		const sentWith = tokens?.accessToken
		let reply = await dispatch(call, sentWith)
		if (reply.status === 403 && sentWith) {
			const renewed = await renewedToken(sentWith, call.fallback)
			if (renewed) {
				reply = await dispatch(call, renewed)
				// Still refused for the token itself, just after a refresh: the session has ended
				// upstream (a logout elsewhere, say). A refusal of the action stays a permission error.
				if (reply.status === 403 && refusesToken(reply.text)) {
					endSession()
					throw new SessionExpiredError('refresh-failed', {
						cause: new Error('The refreshed access token was refused'),
					})
				}
			}
		}
		if (!reply.ok) throw errorFromReply(reply, call)
		return reply.text
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
				if (attempt >= attempts) {
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
			if (request.cache === false) return conform(await load(), request.schema, request.fallback)
			const key = cacheKey(options.userKey, 'GET', path, call.search)
			const fresh = request.fresh || options.fresh
			if (!fresh) {
				const hit = cache.get(key)
				if (hit !== undefined) return conformShared(hit, request.schema, request.fallback)
			}
			const raw = await cache.dedupe(
				key,
				async () => {
					const answer = await load()
					// Checked before it is stored, so an answer of the wrong shape is not served
					// for five minutes; the parsed value is kept for the return below.
					conformShared(answer, request.schema, request.fallback)
					return answer
				},
				{
					store: { userKey: options.userKey, resource: request.resource ?? resourceOf(path) },
					replace: fresh,
				},
			)
			return conformShared(raw, request.schema, request.fallback)
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
			invalidate([resourceOf(path), ...(request.invalidates ?? [])])
			return conform(readJson(text, request.fallback), request.schema, request.fallback)
		},

		async stream(path: string, request: StreamOptions): Promise<Response> {
			const search = sortedQuery(request.query)
			const call: Call = { method: 'GET', path, search, fallback: request.fallback }
			const url = `${baseUrl}${path}${search ? `?${search}` : ''}`
			const open = async (accessToken: string | undefined) => {
				const requestHeaders = headers(accessToken, cookies)
				requestHeaders.set('Accept', '*/*')
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
			const sentWith = tokens?.accessToken
			let response = await open(sentWith)
			if (response.status === 403 && sentWith) {
				const renewed = await renewedToken(sentWith, request.fallback)
				if (renewed) {
					await response.body?.cancel()
					response = await open(renewed)
				}
			}
			if (!response.ok) {
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
				return (await renewedToken(current, 'Session refresh failed')) !== null
			} catch (error) {
				// Unreachable upstream: the page's own calls will report it with their own texts.
				if (error instanceof UpstreamError && error.kind === 'network') return false
				throw error
			}
		},
	}
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

function sharedRefresh(key: string, run: () => Promise<Reply>): Promise<Reply> {
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

/** '/courses/update-course/1' -> 'courses' */
function resourceOf(path: string): string {
	return path.split('?')[0]?.split('/').find(Boolean) ?? ''
}

/**
 * A read may be repeated after any passing failure. A write is repeated only when it surely did
 * not happen or failed on the server: not after a timeout (it may have been applied) and not after
 * a 429 (a login limit says to wait minutes, not seconds).
 */
function isTransient(error: UpstreamError, method: Method | 'GET'): boolean {
	if (error.kind === 'network') return true
	if (method === 'GET' && (error.kind === 'timeout' || error.status === 429)) return true
	return error.status !== undefined && error.status >= 500
}

function errorFromReply(reply: Reply, call: Call): UpstreamError {
	const body = parseLenient(reply.text)
	const { kind, toast } = classifyFailure({
		kind: 'response',
		body,
		errorMessage: `Request failed with status ${reply.status}`,
	})
	return new UpstreamError({
		status: reply.status,
		kind,
		text: storedErrorText(body, call.errorField) ?? call.fallback,
		fieldErrors: fieldErrorsFromBody(body),
		toast,
	})
}

function unexpectedResponse(fallback: string, cause: unknown): UpstreamError {
	return new UpstreamError({
		kind: 'unknown',
		text: fallback,
		toast: toastForFailure({ kind: 'unknown', errorMessage: unexpectedAnswer }),
		cause,
	})
}

/** A 204 or an empty body reads as `{}`. */
function readJson(text: string, fallback: string): unknown {
	if (text.trim() === '') return {}
	try {
		return JSON.parse(text)
	} catch (error) {
		throw unexpectedResponse(fallback, error)
	}
}

function conform<T>(raw: unknown, schema: ZodType<T>, fallback: string): T {
	const parsed = schema.safeParse(raw)
	if (!parsed.success) throw unexpectedResponse(fallback, parsed.error)
	return parsed.data
}

// A cached answer is read by many requests, and parsing it again each time was a real share of a
// page's cost: each schema parses a cached answer once. Loaders pass what they get on to the page
// and never change it, so sharing the parsed value is safe.
const parsedAnswers = new WeakMap<object, Map<ZodType<unknown>, unknown>>()

function conformShared<T>(raw: unknown, schema: ZodType<T>, fallback: string): T {
	if (typeof raw !== 'object' || raw === null) return conform(raw, schema, fallback)
	let bySchema = parsedAnswers.get(raw)
	if (!bySchema) {
		bySchema = new Map()
		parsedAnswers.set(raw, bySchema)
	}
	if (bySchema.has(schema)) return bySchema.get(schema) as T
	const value = conform(raw, schema, fallback)
	bySchema.set(schema, value)
	return value
}

function parseLenient(text: string): unknown {
	try {
		return JSON.parse(text)
	} catch {
		return undefined
	}
}

function refreshTokenFrom(text: string): string | undefined {
	const body = parseLenient(text)
	if (typeof body !== 'object' || body === null || !('refreshToken' in body)) return undefined
	return typeof body.refreshToken === 'string' && body.refreshToken !== ''
		? body.refreshToken
		: undefined
}

/** A 403 about the bearer token (missing, expired, invalid), not about what it may do. */
function refusesToken(text: string): boolean {
	const body = parseLenient(text)
	const message =
		typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : ''
	return /\btoken\b/i.test(message) && /missing|expired|invalid|revoked/i.test(message)
}

function tokenFrom(text: string): string | undefined {
	const body = parseLenient(text)
	if (typeof body !== 'object' || body === null || !('token' in body)) return undefined
	return typeof body.token === 'string' && body.token !== '' ? body.token : undefined
}

/** Applies Set-Cookie headers to the jar; a cookie whose Max-Age or Expires has passed leaves. */
function applySetCookies(jar: Record<string, string>, setCookies: string[], now: number): boolean {
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
