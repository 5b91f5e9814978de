export type QueryParams = Record<string, string | number | boolean | undefined | null>

/** Who may read an entry and which mutations make it stale. */
export type EntryTag = { userKey: string | null; resource: string }

type Entry = EntryTag & { value: unknown; expiresAt: number }

// `current` turns false once an invalidation or a fresher call supersedes the flight, so its
// answer, which may predate a mutation, is neither joined nor stored any more.
type Flight = { promise: Promise<unknown>; tag?: EntryTag; current: boolean }

/** Leaves out undefined and null; sorts the keys so the same filters always make the same key. */
export function sortedQuery(query: QueryParams = {}): string {
	const params = new URLSearchParams()
	for (const name of Object.keys(query).sort()) {
		const value = query[name]
		if (value !== undefined && value !== null) params.append(name, String(value))
	}
	return params.toString()
}

/** The tag of every cached answer of one user. */
export function userTag(userKey: string): string {
	return `user:${userKey}`
}

/**
 * The tag of one sign-in (the `sid` of its access tokens): published when it ends, so no process
 * serves it another cached answer before the API has been asked again (docs/decisions/056).
 */
export function sessionTag(sessionKey: string): string {
	return `session:${sessionKey}`
}

/** Every sign-in must be asked about again (a change the app cannot pin to sessions: a hold). */
export const EVERY_SESSION = 'session:*'

/**
 * How long the API's word that a sign-in is open (`GET /auth/session`) lets the cache serve it
 * without asking again. A sign-in ended or held through the app is told at once, on every process;
 * this bounds one ended where the app never saw it (docs/decisions/056).
 */
export const SESSION_RECHECK_MS = 5_000

type SessionCheck = { promise: Promise<void>; userKey: string; current: boolean }

export function cacheKey(
	userKey: string | null,
	method: string,
	path: string,
	search: string,
): string {
	return `${userKey ?? ''}|${method}|${path}?${search}`
}

/**
 * GET answers kept per user and query (spec: fetches are skipped when fresh or in flight), with
 * a bound so a long-running server cannot grow without limit.
 */
export class ResponseCache {
	readonly #entries = new Map<string, Entry>()
	readonly #flights = new Map<string, Flight>()
	readonly #invalidationListeners: ((resource: string) => void)[] = []
	// Sign-ins the API said were open, until when; and the checks under way, one per sign-in.
	readonly #sessions = new Map<string, { userKey: string; until: number }>()
	readonly #sessionChecks = new Map<string, SessionCheck>()
	readonly #maxEntries: number
	readonly #ttlMs: number
	readonly #sessionRecheckMs: number
	readonly #now: () => number

	constructor({
		maxEntries = 2000,
		ttlMs = 300_000,
		sessionRecheckMs = SESSION_RECHECK_MS,
		now = Date.now,
	}: {
		maxEntries?: number
		ttlMs?: number
		sessionRecheckMs?: number
		now?: () => number
	} = {}) {
		this.#maxEntries = maxEntries
		this.#ttlMs = ttlMs
		this.#sessionRecheckMs = sessionRecheckMs
		this.#now = now
	}

	/** Whether the API said, within SESSION_RECHECK_MS and nothing since, that the sign-in is open. */
	sessionOpen(sessionKey: string): boolean {
		const known = this.#sessions.get(sessionKey)
		return known !== undefined && known.until > this.#now()
	}

	/**
	 * Asks the API whether the sign-in is open (`ask` rejects when it refuses), sharing one question
	 * between the requests of the sign-in; an answer that an end or hold of it overtook is not kept.
	 */
	checkSession(sessionKey: string, userKey: string, ask: () => Promise<unknown>): Promise<void> {
		const under = this.#sessionChecks.get(sessionKey)
		if (under?.current) return under.promise
		const check: SessionCheck = { promise: Promise.resolve(), userKey, current: true }
		this.#sessionChecks.set(sessionKey, check)
		check.promise = (async () => {
			try {
				await ask()
				if (check.current) {
					this.#sessions.delete(sessionKey)
					this.#sessions.set(sessionKey, { userKey, until: this.#now() + this.#sessionRecheckMs })
					for (const oldest of this.#sessions.keys()) {
						if (this.#sessions.size <= this.#maxEntries) break
						this.#sessions.delete(oldest)
					}
				}
			} finally {
				if (this.#sessionChecks.get(sessionKey) === check) this.#sessionChecks.delete(sessionKey)
				check.current = false
			}
		})()
		return check.promise
	}

	get size(): number {
		return this.#entries.size
	}

	get(key: string): unknown {
		const entry = this.#entries.get(key)
		if (!entry) return undefined
		this.#entries.delete(key)
		if (entry.expiresAt <= this.#now()) return undefined
		// Re-inserting moves the entry to the end of the Map's order, which is the LRU order.
		this.#entries.set(key, entry)
		return entry.value
	}

	set(key: string, value: unknown, tag: EntryTag): void {
		this.#entries.delete(key)
		this.#entries.set(key, { ...tag, value, expiresAt: this.#now() + this.#ttlMs })
		for (const oldest of this.#entries.keys()) {
			if (this.#entries.size <= this.#maxEntries) break
			this.#entries.delete(oldest)
		}
	}

	/**
	 * Callers asking for the same key while a call is under way share its promise. With `store`,
	 * a success is kept under the key; a failure never is. `replace` starts a new call that later
	 * callers join instead of the one under way.
	 */
	dedupe<T>(
		key: string,
		run: () => Promise<T>,
		options: { store?: EntryTag; replace?: boolean } = {},
	): Promise<T> {
		const existing = this.#flights.get(key)
		if (existing && !options.replace) return existing.promise as Promise<T>
		if (existing) existing.current = false
		const flight: Flight = { promise: Promise.resolve(), tag: options.store, current: true }
		// Registered before `run` starts, so a `run` that throws at once still cleans up after itself.
		this.#flights.set(key, flight)
		const promise = this.#fly(key, flight, run)
		flight.promise = promise
		return promise
	}

	async #fly<T>(key: string, flight: Flight, run: () => Promise<T>): Promise<T> {
		try {
			const value = await run()
			if (flight.current && flight.tag) this.set(key, value, flight.tag)
			return value
		} finally {
			if (flight.current) {
				flight.current = false
				this.#flights.delete(key)
			}
		}
	}

	/** For every user: one user's mutation changes what the others see. */
	invalidateResource(resource: string): void {
		this.invalidate([resource])
	}

	/**
	 * Drops every entry carrying one of the tags: a resource name reaches every user's entry of
	 * that resource, `user:<id>` every entry of that user (cache-invalidation.server.ts).
	 */
	invalidate(tags: readonly string[]): void {
		if (tags.length === 0) return
		const wanted = new Set(tags)
		this.#drop(
			(tag) =>
				wanted.has(tag.resource) || (tag.userKey !== null && wanted.has(userTag(tag.userKey))),
		)
		// Most changes name resources alone: sign-ins are looked at only when one is named.
		const sessions = new Set<string>()
		const users = new Set<string>()
		for (const tag of wanted) {
			if (tag.startsWith('session:')) sessions.add(tag.slice('session:'.length))
			else if (tag.startsWith('user:')) users.add(tag.slice('user:'.length))
		}
		if (sessions.has('*')) this.#forgetSessions(() => true)
		else if (sessions.size > 0 || users.size > 0)
			this.#forgetSessions((sessionKey, userKey) => sessions.has(sessionKey) || users.has(userKey))
		for (const listener of this.#invalidationListeners) for (const tag of wanted) listener(tag)
	}

	/** Everything, for every user: after this process may have missed invalidations. */
	dropAll(): void {
		this.#drop(() => true)
		this.#forgetSessions(() => true)
		for (const listener of this.#invalidationListeners) listener('*')
	}

	/** Caches built on these answers (rendered pages) are told when a mutation makes them stale. */
	onInvalidate(listener: (tag: string) => void): void {
		this.#invalidationListeners.push(listener)
	}

	/** On login and logout, so a role change never shows the previous account's data. */
	dropUser(userKey: string): void {
		this.#drop((tag) => tag.userKey === userKey)
	}

	/** The API is asked again before the matching sign-ins are served a cached answer. */
	#forgetSessions(matches: (sessionKey: string, userKey: string) => boolean): void {
		if (this.#sessions.size === 0 && this.#sessionChecks.size === 0) return
		for (const [sessionKey, { userKey }] of this.#sessions) {
			if (matches(sessionKey, userKey)) this.#sessions.delete(sessionKey)
		}
		for (const [sessionKey, check] of this.#sessionChecks) {
			if (matches(sessionKey, check.userKey)) {
				check.current = false
				this.#sessionChecks.delete(sessionKey)
			}
		}
	}

	#drop(matches: (tag: EntryTag) => boolean): void {
		for (const [key, entry] of this.#entries) {
			if (matches(entry)) this.#entries.delete(key)
		}
		for (const [key, flight] of this.#flights) {
			if (flight.tag && matches(flight.tag)) {
				flight.current = false
				this.#flights.delete(key)
			}
		}
	}
}

export const responseCache = new ResponseCache()
