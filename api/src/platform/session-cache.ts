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

	heard(payload: string) {
		this.generation += 1
		if (payload === '*') {
			this.entries.clear()
			this.pending.delete('*')
			return
		}
		const [kind, id, accountId] = payload.split(':')
		if (kind === 's' && id) {
			this.entries.delete(id)
			this.pending.delete(`s:${id}`)
			if (accountId) this.pending.delete(`a:${accountId}`)
		} else if (kind === 'a' && id) {
			for (const [sessionId, entry] of this.entries)
				if (entry.state.accountId === id) this.entries.delete(sessionId)
			this.pending.delete(`a:${id}`)
		}
	}

	/** A change made here: forgotten at once, and nothing remembered until its notification comes. */
	changedHere(change: string) {
		this.heard(change)
		this.pending.set(change, Date.now() + PENDING_MS)
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

	mayRemember(now: number) {
		if (!this.trusted(now)) return false
		for (const [change, until] of this.pending) if (until <= now) this.pending.delete(change)
		return this.pending.size === 0
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

/** Starts hearing session changes on this database (once; until it is destroyed). */
export function watchSessionChanges(db: Db) {
	if (caches.has(db)) return
	const cache = new SessionCache()
	caches.set(db, cache)
	everyCache.add(new WeakRef(cache))
	listen(db, SESSION_CHANGES, {
		notified: (payload) => cache.heard(payload),
		hearing: (hearing) => cache.setHearing(hearing),
		alive: () => {
			cache.aliveAt = Date.now()
		},
	})
}

/**
 * Tells this process's caches of a change it is making (before it answers), so that its next call
 * does not wait for the notification: `s:<session>` (one session), `a:<account>` (an account's
 * sessions), `*` (all). Other processes hear of it from the triggers.
 */
export function sessionsChangedHere(change: string) {
	for (const ref of everyCache) {
		const cache = ref.deref()
		if (cache) cache.changedHere(change)
		else everyCache.delete(ref)
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
