import type { MiddlewareFunction } from 'react-router'
import { REPLAY_HEADER } from './offline-queue'
import { currentUser } from './request.server'

// A change queued offline is sent again when the page reloads before its answer arrived (the first
// send may well have been applied). Each queued change carries an id; the server remembers, per
// user, the ids it has applied and answers a repeat without applying it a second time.

const changeId = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

type Entry = { applied: Promise<boolean>; expires: number }

export type ReplayOutcome = { response: Response; repeated: boolean }

/** Applied replays by key; a day is far longer than any replay takes, and the map stays bounded. */
export function createReplayLedger({
	ttlMs = 24 * 60 * 60 * 1000,
	max = 10_000,
	now = Date.now,
} = {}) {
	const entries = new Map<string, Entry>()

	function prune() {
		const time = now()
		for (const [key, entry] of entries) if (entry.expires <= time) entries.delete(key)
		// Oldest first (insertion order) when still too many.
		for (const key of entries.keys()) {
			if (entries.size <= max) break
			entries.delete(key)
		}
	}

	return {
		/**
		 * Runs `apply` unless a call with this key has been applied, or is being applied now (then
		 * waits for it). A call that was not applied (its answer was not a 2xx or 3xx) may run again.
		 */
		async once(key: string, apply: () => Promise<Response>): Promise<ReplayOutcome> {
			for (;;) {
				const earlier = entries.get(key)
				if (!earlier || earlier.expires <= now()) break
				if (await earlier.applied)
					return { response: new Response(null, { status: 204 }), repeated: true }
			}
			let settle: (applied: boolean) => void = () => undefined
			const entry: Entry = {
				applied: new Promise((resolve) => (settle = resolve)),
				expires: now() + ttlMs,
			}
			entries.set(key, entry)
			prune()
			try {
				const response = await apply()
				const applied = response.status >= 200 && response.status < 400
				if (!applied && entries.get(key) === entry) entries.delete(key)
				settle(applied)
				return { response, repeated: false }
			} catch (error) {
				if (entries.get(key) === entry) entries.delete(key)
				settle(false)
				throw error
			}
		},
		size: () => entries.size,
	}
}

const ledger = createReplayLedger()

/** For the root: a replayed offline change (X-Offline-Replay: its id) is applied at most once. */
export const offlineReplayMiddleware: MiddlewareFunction<Response> = async (
	{ request, context },
	next,
) => {
	const id = request.headers.get(REPLAY_HEADER)
	const user = currentUser(context)
	if (request.method !== 'POST' || !id || !changeId.test(id) || !user) return next()
	const { response, repeated } = await ledger.once(`${user.id}:${id.toLowerCase()}`, next)
	if (!repeated) return response
	response.headers.set(REPLAY_HEADER, 'repeat')
	return response
}
