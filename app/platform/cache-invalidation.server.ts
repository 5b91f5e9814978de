import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { env } from './env.server'
import { responseCache } from './upstream-cache.server'

/**
 * The one door through which a change makes cached answers stale (docs/decisions/018).
 *
 * A cached answer carries two tags: its resource (the first path segment of the call that read it,
 * or the `resource` it names) and `user:<id>` of the user it was read for. A change publishes the
 * tags it makes stale; every cache on the channel drops what carries one of them. Resource tags
 * reach every user's copy, so a change never needs to know whom it touches (the student, the
 * course's teacher, the organization): it names what changed.
 *
 * Only this module knows how invalidations travel: within this process, and with `REDIS_URL` also
 * to every other app process through Redis pub/sub (`redisInvalidationChannel`).
 */
export type CacheTag = string

export type InvalidationListener = (tags: readonly CacheTag[]) => void

export interface InvalidationChannel {
	/** Applies at once in this process (the redirect that follows must see it), then tells the rest. */
	publish(tags: readonly CacheTag[]): void
	subscribe(listener: InvalidationListener): () => void
}

export function localInvalidationChannel(): InvalidationChannel {
	const listeners = new Set<InvalidationListener>()
	return {
		publish(tags) {
			const unique = [...new Set(tags)]
			if (unique.length === 0) return
			for (const listener of listeners) listener(unique)
		},
		subscribe(listener) {
			listeners.add(listener)
			return () => listeners.delete(listener)
		},
	}
}

/** The Redis pub/sub channel every app process publishes its invalidations on. */
export const REDIS_INVALIDATION_CHANNEL = 'tutorhub:cache-invalidation'

type Envelope = { from: string; tags: CacheTag[] }

/**
 * This process's channel, plus Redis pub/sub to every other app process on the same Redis
 * (docs/decisions/026). `publish` applies here at once, as the local channel does, then tells the
 * others; a message of this process's own coming back is skipped. While it is not subscribed (Redis
 * unreachable, or back but not yet answering SUBSCRIBE), the invalidations published meanwhile are
 * lost to this process, so each time Redis confirms the subscription it drops its whole cache
 * (`onSubscribed`): only then is every later change sure to be heard (decision 071).
 */
export function redisInvalidationChannel(
	url: string,
	{ onSubscribed }: { onSubscribed?: () => void } = {},
): InvalidationChannel & { close: () => Promise<void> } {
	const local = localInvalidationChannel()
	const self = randomUUID()
	// Pub/sub takes a connection of its own; failures are retried, never thrown at a request.
	const options = { lazyConnect: false, maxRetriesPerRequest: null, enableOfflineQueue: true }
	const publisher = new Redis(url, options)
	// It subscribes itself on each connection: ioredis's own re-subscribing says 'ready' once
	// SUBSCRIBE is written, before Redis has it, and a change published in between was missed with
	// the cache already dropped (answers read then stayed stale for the cache's five minutes).
	const subscriber = new Redis(url, { ...options, autoResubscribe: false })
	for (const client of [publisher, subscriber]) {
		client.on('error', (error: Error) =>
			console.error('Redis (cache invalidation):', error.message),
		)
	}
	subscriber.on('ready', () => {
		subscriber.subscribe(REDIS_INVALIDATION_CHANNEL).then(
			() => onSubscribed?.(),
			(error: Error) => {
				// The next connection's 'ready' subscribes again.
				console.error('Redis (cache invalidation): could not subscribe:', error.message)
			},
		)
	})
	subscriber.on('message', (_channel: string, text: string) => {
		let envelope: Envelope
		try {
			envelope = JSON.parse(text) as Envelope
		} catch {
			return
		}
		if (envelope.from === self || !Array.isArray(envelope.tags)) return
		local.publish(envelope.tags.filter((tag) => typeof tag === 'string'))
	})
	return {
		publish(tags) {
			const unique = [...new Set(tags)]
			if (unique.length === 0) return
			local.publish(unique)
			const envelope: Envelope = { from: self, tags: unique }
			publisher
				.publish(REDIS_INVALIDATION_CHANNEL, JSON.stringify(envelope))
				.catch((error: Error) => {
					console.error('Redis (cache invalidation): a change was not shared:', error.message)
				})
		},
		subscribe: local.subscribe,
		async close() {
			await Promise.allSettled([publisher.quit(), subscriber.quit()])
		},
	}
}

// Who reads what (each list's resource tag):
//   student: courses (enrolled, details), tasks, schedule (sessions), announcements, report-cards,
//            certificates, rooms, invitations
//   teacher: users (/users/tutor/students), courses (counts, roster), tasks (enrolled counts,
//            submissions), schedule and schedules (attendance), report-cards, announcements
//   organization: organizations (stats, scores, analytics), users (members), courses
const whoIsInACourse = [
	'courses',
	'users',
	'organizations',
	'tasks',
	'schedule',
	'schedules',
	'announcements',
	'report-cards',
	'certificates',
	'rooms',
] as const

/** What each kind of change makes stale, for every user who sees it. */
export const staleAfter = {
	/** A student enrolled (a payment settled, a free course taken) or left a course. */
	enrollment: [...whoIsInACourse, 'payments'],
	/** A student joined or left an organization (invitation accepted, removed, registered by it). */
	membership: [...whoIsInACourse, 'invitations'],
	/** A course created, edited, published or deleted: its title, seats and work show everywhere. */
	course: whoIsInACourse,
	/** A task created, edited or deleted, a submission, a grade. */
	task: ['tasks'],
	/** A session scheduled, moved, cancelled or deleted (the calls mix /schedule and /schedules). */
	schedule: ['schedule', 'schedules'],
	/** An announcement sent, read or deleted. */
	announcement: ['announcements'],
} as const satisfies Record<string, readonly CacheTag[]>

export const invalidations: InvalidationChannel = env.redisUrl
	? redisInvalidationChannel(env.redisUrl, { onSubscribed: () => responseCache.dropAll() })
	: localInvalidationChannel()

invalidations.subscribe((tags) => responseCache.invalidate(tags))

/** Makes the tags stale in every cache on the channel. */
export function invalidate(tags: readonly CacheTag[]): void {
	invalidations.publish(tags)
}
