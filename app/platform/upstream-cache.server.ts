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
	readonly #maxEntries: number
	readonly #ttlMs: number
	readonly #now: () => number

	constructor({
		maxEntries = 2000,
		ttlMs = 300_000,
		now = Date.now,
	}: { maxEntries?: number; ttlMs?: number; now?: () => number } = {}) {
		this.#maxEntries = maxEntries
		this.#ttlMs = ttlMs
		this.#now = now
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
		for (const listener of this.#invalidationListeners) for (const tag of wanted) listener(tag)
	}

	/** Everything, for every user: after this process may have missed invalidations. */
	dropAll(): void {
		this.#drop(() => true)
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
