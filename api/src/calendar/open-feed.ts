import { createHash } from 'node:crypto'
import type { Db } from '../db.ts'
import { ApiError } from '../platform/errors.ts'
import { speaker } from '../platform/i18n.ts'
import { feedSessions, schedulesFingerprint } from '../schedules/repository.ts'
import { feedIdOf } from './feeds.ts'
import { sessionsCalendar } from './ics.ts'
import { findFeedOwner, recordFeedVersion } from './repository.ts'

// What a calendar app fetches by a feed's address (moved from calendar/routes.ts, decision 060).

export const FEED_NOT_FOUND = 'Calendar not found'
/**
 * What a feed holds (issue 28, decision 046): the sessions from now on, at most the nearest 500,
 * and those of the last 90 days, at most the newest 500. A calendar app refetches the whole feed
 * every hour or day; 500 sessions are the week ahead for the busiest teacher (500 a week) and
 * months for any other, and later sessions come in as the nearest pass. So a feed is at most
 * 1,000 sessions (about 0.3 MB) however many a teacher has, at most twice a 500-a-week
 * teacher's. The subscribe screen and the feed's description say so.
 */
const PAST_DAYS = 90
const PAST_LIMIT = 500
const FUTURE_LIMIT = 500
const DAY_MS = 86_400_000

/** The two parts of a feed at `now`: newest past first, nearest future first. */
const feedParts = (now: Date) => [
	{
		filters: {
			from: new Date(now.getTime() - PAST_DAYS * DAY_MS),
			to: now,
			order: 'desc' as const,
		},
		limit: PAST_LIMIT,
	},
	{
		filters: {
			from: now,
			order: 'asc' as const,
		},
		limit: FUTURE_LIMIT,
	},
]

/** An HTTP date has whole seconds. */
const wholeSeconds = (instant: Date) => Math.floor(instant.getTime() / 1000)

/** Whether the caller's copy is the current one: If-None-Match, else If-Modified-Since. */
function notModified(headers: Headers, etag: string, changedAt: Date) {
	const ifNoneMatch = headers.get('if-none-match')
	if (ifNoneMatch) {
		return ifNoneMatch
			.split(',')
			.map((tag) => tag.trim().replace(/^W\//, ''))
			.some((tag) => tag === etag || tag === '*')
	}
	const since = Date.parse(headers.get('if-modified-since') ?? '')
	return !Number.isNaN(since) && wholeSeconds(changedAt) <= since / 1000
}

export type FeedAnswer =
	| { status: 304; headers: Record<string, string> }
	| { status: 200; headers: Record<string, string>; body: string }

/**
 * The feed an address names, as iCalendar, or 304 when the caller's copy (`requestHeaders`'
 * If-None-Match, else If-Modified-Since) is current; 404 for an unknown, altered or reset address.
 */
export async function openFeed(
	db: Db,
	secret: string,
	address: string,
	requestHeaders: Headers,
): Promise<FeedAnswer> {
	const feedId = feedIdOf(secret, address.replace(/\.ics$/, ''))
	const owner = feedId ? await findFeedOwner(db, feedId) : undefined
	if (!feedId || !owner) throw new ApiError(404, FEED_NOT_FOUND)
	const now = new Date()
	const viewer = { role: owner.role, id: owner.id }
	const { say } = speaker(owner.locale)
	// The product's name and the owner's: the same words in every language.
	const name = `TutorHub: ${owner.first_name} ${owner.last_name}`
	const description = say(
		'Your TutorHub sessions. Your calendar app updates them about once an hour.',
	)
	const parts = feedParts(now)
	// A calendar app polls hourly: the fingerprint of what the answer would hold is read first, and
	// an unchanged feed costs one small query and a 304.
	const prints = await Promise.all(
		parts.map((part) => schedulesFingerprint(db, viewer, part.filters, part.limit, now)),
	)
	const version = createHash('sha256')
		.update([name, description, ...prints].join('\n'))
		.digest('base64url')
		.slice(0, 27)
	const changedAt =
		owner.version === version && owner.version_changed_at
			? owner.version_changed_at
			: await recordFeedVersion(db, feedId, version)
	const etag = `"${version}"`
	const headers = {
		ETag: etag,
		'Last-Modified': new Date(wholeSeconds(changedAt) * 1000).toUTCString(),
		'Cache-Control': 'private, no-cache',
		'X-Robots-Tag': 'noindex',
	}
	if (notModified(requestHeaders, etag, changedAt)) return { status: 304, headers }
	const [past, future] = await Promise.all(
		parts.map((part) => feedSessions(db, viewer, part.filters, part.limit, now)),
	)
	const rows = [...past!.reverse(), ...future!]
	return {
		status: 200,
		body: sessionsCalendar(rows, name, description),
		headers: {
			...headers,
			'Content-Type': 'text/calendar; charset=utf-8',
			'Content-Disposition': 'inline; filename="tutorhub-sessions.ics"',
		},
	}
}
