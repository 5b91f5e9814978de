import { listen, type Db } from '../db.ts'

/**
 * A session's state as every API call checks it (auth's lookup, handed in by createApi):
 * `accountId` and `expiresAt` (ms) are known for an open session.
 */
export type SessionState = {
	open: boolean
	mustSetUpTwoFactor: boolean
	accountId?: string
	expiresAt?: number
}

/**
 * How long a process remembers a session state it read, at most. Every change that can alter one
 * is heard within milliseconds (below), so this only bounds what a change no trigger tells of
 * could cost; a connection that stops hearing is caught by ALIVE_MS instead (decision 068).
 */
export const SESSION_STATE_TTL_MS = 30_000
/**
 * On PostgreSQL, what is remembered is used only while the listener heard its own beat (sent every
 * second) within this long: a listener gone quiet without its connection closing is not trusted.
 */
export const ALIVE_MS = 2000
/** Entries kept at most (the oldest go first): a few MB. */
const MAX_ENTRIES = 20_000
/** A change this process made waits this long at most for its own notification (a rollback sends none). */
const PENDING_MS = 5000
export const SESSION_CHANGES = 'session_changes'

type Entry = { role: string; state: SessionState; until: number }

/**
 * One process's memory of sessions' states over one database (decision 068). It remembers only
 * while it hears the database's `session_changes` notifications (migration 037's triggers send one
 * for every change that can alter a state); not hearing (not yet, a dropped connection, PostgreSQL
 * restarting) it forgets everything and every call reads its session again. `generation` counts
 * every change heard: a read that a change overtook is answered but not remembered, since it may
 * have seen the state from before the change.
 */
class SessionCache {
	readonly entries = new Map<string, Entry>()
	generation = 0
	hearing = false
	/** When the listener last heard its own beat; null where there are none (PGlite, in-process). */
	aliveAt: number | null = null
	/** Changes this process made whose notification it has not heard yet: nothing is remembered meanwhile. */
	readonly pending = new Map<string, number>()
	/** Reads under way: a page's calls come together, and read their session once. */
	readonly reading = new Map<
		string,
		{ role: string; generation: number; state: Promise<SessionState> }
	>()

	/** A notification heard: what it names is forgotten, and a change made here awaits it no more. */
	heard(payload: string) {
		this.forget(payload)
		const [kind, id, accountId] = payload.split(':')
		if (payload === '*') this.pending.delete('*')
		else if (kind === 's' && id) {
			this.pending.delete(`s:${id}`)
			if (accountId) this.pending.delete(`a:${accountId}`)
		} else if (kind === 'a' && id) this.pending.delete(`a:${id}`)
	}

	forget(payload: string) {
		this.generation += 1
		if (payload === '*') return this.entries.clear()
		const [kind, id] = payload.split(':')
		if (kind === 's' && id) this.entries.delete(id)
		else if (kind === 'a' && id)
			for (const [sessionId, entry] of this.entries)
				if (entry.state.accountId === id) this.entries.delete(sessionId)
	}

	setHearing(hearing: boolean) {
		this.hearing = hearing
		this.generation += 1
		this.entries.clear()
	}

	/** Whether what is remembered may be used now. */
	trusted(now: number) {
		return this.hearing && (this.aliveAt === null || now - this.aliveAt <= ALIVE_MS)
	}

	/** Whether a change made here still awaits its notification. */
	awaitsOwn(now: number) {
		for (const [change, until] of this.pending) if (until <= now) this.pending.delete(change)
		return this.pending.size > 0
	}

	mayRemember(now: number) {
		return this.trusted(now) && !this.awaitsOwn(now)
	}

	remember(sessionId: string, role: string, state: SessionState, since: number) {
		const until = Math.min(since + SESSION_STATE_TTL_MS, state.expiresAt ?? Infinity)
		this.entries.delete(sessionId)
		if (this.entries.size >= MAX_ENTRIES) {
			const oldest = this.entries.keys().next().value
			if (oldest !== undefined) this.entries.delete(oldest)
		}
		this.entries.set(sessionId, { role, state, until })
	}
}

const caches = new WeakMap<Db, SessionCache>()
// Every cache of this process, for changes made here (they are made through a transaction as often
// as through the database itself, so the database does not name its cache).
const everyCache = new Set<WeakRef<SessionCache>>()

/** How long an answer waits at most for the notification of a change it made. */
const ANSWER_WAITS_MS = 500
const waiting = new Set<() => void>()

/**
 * Resolves once every change made here has come back as a notification to this process (or after
 * ANSWER_WAITS_MS): the API answers a call that ended a session only then, so that the other
 * processes, signalled by PostgreSQL at the same commit, have heard it too before the caller can
 * reach them. Immediate when no change is under way, as on almost every call.
 */
export function changesHeard(): Promise<void> {
	const under = () => {
		for (const ref of everyCache) {
			const cache = ref.deref()
			if (cache?.hearing && cache.awaitsOwn(Date.now())) return true
		}
		return false
	}
	if (!under()) return Promise.resolve()
	return new Promise((resolve) => {
		const done = () => {
			clearTimeout(timer)
			waiting.delete(check)
			resolve()
		}
		const check = () => {
			if (!under()) done()
		}
		const timer = setTimeout(done, ANSWER_WAITS_MS)
		waiting.add(check)
	})
}

/** Starts hearing session changes on this database (once; until it is destroyed). */
export function watchSessionChanges(db: Db) {
	if (caches.has(db)) return
	const cache = new SessionCache()
	caches.set(db, cache)
	everyCache.add(new WeakRef(cache))
	listen(db, SESSION_CHANGES, {
		notified: (payload) => {
			cache.heard(payload)
			for (const check of waiting) check()
		},
		hearing: (hearing) => cache.setHearing(hearing),
		alive: () => {
			cache.aliveAt = Date.now()
		},
	})
}

/**
 * Tells this process's caches of a change it is about to make (before its statement, whose
 * notification may come back before the statement's own answer): `s:<session>` (one session),
 * `a:<account>` (an account's sessions), `*` (all). Nothing is remembered until the change's
 * notification comes back; call what it answers after the statement, with whether anything
 * changed: what it names is forgotten again, or, if nothing changed (no notification will come),
 * the wait ends. Other processes hear of it from the triggers.
 */
export function sessionsChangingHere(change: string): (changed: boolean) => void {
	const caches = [...everyCache].flatMap((ref) => {
		const cache = ref.deref()
		if (!cache) everyCache.delete(ref)
		return cache ? [cache] : []
	})
	for (const cache of caches) {
		cache.pending.set(change, Date.now() + PENDING_MS)
		cache.forget(change)
	}
	return (changed) => {
		for (const cache of caches) {
			if (changed) cache.forget(change)
			else cache.pending.delete(change)
		}
		if (!changed) for (const check of waiting) check()
	}
}

/**
 * The session's state: remembered for up to SESSION_STATE_TTL_MS while this process hears every
 * change, read with `lookup` otherwise.
 */
export async function cachedSessionState(
	db: Db,
	sessionId: string,
	role: string,
	lookup: () => Promise<SessionState>,
): Promise<SessionState> {
	const cache = caches.get(db)
	const now = Date.now()
	if (!cache?.trusted(now)) return lookup()
	const entry = cache.entries.get(sessionId)
	if (entry && entry.role === role && entry.until > now) return entry.state
	const generation = cache.generation
	const under = cache.reading.get(sessionId)
	// A read begun since the last change heard answers this call too.
	if (under && under.role === role && under.generation === generation) return under.state
	const reading = lookup()
	cache.reading.set(sessionId, { role, generation, state: reading })
	try {
		const state = await reading
		if (cache.generation === generation && cache.mayRemember(now))
			cache.remember(sessionId, role, state, now)
		return state
	} finally {
		if (cache.reading.get(sessionId)?.state === reading) cache.reading.delete(sessionId)
	}
}
