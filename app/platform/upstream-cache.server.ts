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

/**
 * The keys of a map's values by their resource and by their user, so an invalidation reaches the
 * entries it names without walking every entry (docs/decisions/069).
 */
class TagIndex {
	readonly #byResource = new Map<string, Set<string>>()
	readonly #byUser = new Map<string, Set<string>>()

	add(key: string, tag: EntryTag): void {
		TagIndex.#put(this.#byResource, tag.resource, key)
		if (tag.userKey !== null) TagIndex.#put(this.#byUser, tag.userKey, key)
	}

	remove(key: string, tag: EntryTag): void {
		TagIndex.#take(this.#byResource, tag.resource, key)
		if (tag.userKey !== null) TagIndex.#take(this.#byUser, tag.userKey, key)
	}

	/** The keys tagged with a resource name or, for `user:<id>`, that user's. */
	keys(tags: Iterable<string>): Set<string> {
		const found = new Set<string>()
		for (const tag of tags) {
			for (const key of this.#byResource.get(tag) ?? []) found.add(key)
			if (tag.startsWith('user:'))
				for (const key of this.#byUser.get(tag.slice('user:'.length)) ?? []) found.add(key)
		}
		return found
	}

	userKeys(userKey: string): Set<string> {
		return new Set(this.#byUser.get(userKey))
	}

	clear(): void {
		this.#byResource.clear()
		this.#byUser.clear()
	}

	static #put(index: Map<string, Set<string>>, name: string, key: string): void {
		const keys = index.get(name)
		if (keys) keys.add(key)
		else index.set(name, new Set([key]))
	}

	static #take(index: Map<string, Set<string>>, name: string, key: string): void {
		const keys = index.get(name)
		if (!keys) return
		keys.delete(key)
		if (keys.size === 0) index.delete(name)
	}
}

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
	readonly #entryTags = new TagIndex()
	readonly #flightTags = new TagIndex()
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
		if (entry.expiresAt <= this.#now()) {
			this.#entryTags.remove(key, entry)
			return undefined
		}
		// Re-inserting moves the entry to the end of the Map's order, which is the LRU order.
		this.#entries.set(key, entry)
		return entry.value
	}

	set(key: string, value: unknown, tag: EntryTag): void {
		this.#deleteEntry(key)
		const expiresAt = this.#now() + this.#ttlMs
		const entry: Entry = { userKey: tag.userKey, resource: tag.resource, value, expiresAt }
		this.#entries.set(key, entry)
		this.#entryTags.add(key, entry)
		for (const oldest of this.#entries.keys()) {
			if (this.#entries.size <= this.#maxEntries) break
			this.#deleteEntry(oldest)
		}
	}

	#deleteEntry(key: string): void {
		const entry = this.#entries.get(key)
		if (!entry) return
		this.#entries.delete(key)
		this.#entryTags.remove(key, entry)
	}

	#setFlight(key: string, flight: Flight): void {
		this.#deleteFlight(key)
		this.#flights.set(key, flight)
		if (flight.tag) this.#flightTags.add(key, flight.tag)
	}

	#deleteFlight(key: string): void {
		const flight = this.#flights.get(key)
		if (!flight) return
		this.#flights.delete(key)
		if (flight.tag) this.#flightTags.remove(key, flight.tag)
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
		this.#setFlight(key, flight)
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
				this.#deleteFlight(key)
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
		this.#drop(this.#entryTags.keys(wanted), this.#flightTags.keys(wanted))
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
		this.#drop(this.#entries.keys(), this.#flights.keys())
		this.#forgetSessions(() => true)
		for (const listener of this.#invalidationListeners) listener('*')
	}

	/** Caches built on these answers (rendered pages) are told when a mutation makes them stale. */
	onInvalidate(listener: (tag: string) => void): void {
		this.#invalidationListeners.push(listener)
	}

	/** On login and logout, so a role change never shows the previous account's data. */
	dropUser(userKey: string): void {
		this.#drop(this.#entryTags.userKeys(userKey), this.#flightTags.userKeys(userKey))
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

	/** Drops the entries and the flights (that have a tag) of these keys. */
	#drop(entryKeys: Iterable<string>, flightKeys: Iterable<string>): void {
		for (const key of [...entryKeys]) this.#deleteEntry(key)
		for (const key of [...flightKeys]) {
			const flight = this.#flights.get(key)
			if (!flight?.tag) continue
			flight.current = false
			this.#deleteFlight(key)
		}
	}
}

export const responseCache = new ResponseCache()
