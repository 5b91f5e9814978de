import { createHmac, timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../db.ts'

// A feed's address is `<feed id as 32 hex digits><HMAC-SHA256 of the id, base64url>`: the id finds
// the feed, the MAC proves the address was made here. The database holds only the id, so a copy of
// it gives no working address; the page can show the same address again on every visit; a reset
// gives the user a new id, and the old address answers 404 from then on.

const TOKEN = /^([0-9a-f]{32})([A-Za-z0-9_-]{43})$/

const macOf = (secret: string, feedId: string) =>
	createHmac('sha256', secret).update(`calendar-feed:${feedId}`).digest('base64url')

export const feedToken = (secret: string, feedId: string) =>
	`${feedId.replaceAll('-', '')}${macOf(secret, feedId)}`

/** The feed id an address names, if the address was made with this secret; null for anything else. */
export function feedIdOf(secret: string, token: string): string | null {
	const match = TOKEN.exec(token)
	if (!match) return null
	const [, hex = '', mac = ''] = match
	const feedId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
	const expected = Buffer.from(macOf(secret, feedId))
	const given = Buffer.from(mac)
	return given.length === expected.length && timingSafeEqual(given, expected) ? feedId : null
}

/** The user's feed, made on first use. */
export async function ensureFeed(db: Db, userId: string) {
	await db
		.insertInto('calendar_feeds')
		.values({ user_id: userId })
		.onConflict((c) => c.column('user_id').doNothing())
		.execute()
	return db
		.selectFrom('calendar_feeds')
		.selectAll()
		.where('user_id', '=', userId)
		.executeTakeFirstOrThrow()
}

const newAddress = () => ({ feed_id: sql<string>`gen_random_uuid()`, created_at: sql<Date>`now()` })

/** A new address for the user's feed; the old one stops working. */
export const resetFeed = (db: Db, userId: string) =>
	db
		.insertInto('calendar_feeds')
		.values({ user_id: userId })
		.onConflict((c) => c.column('user_id').doUpdateSet(newAddress()))
		.returningAll()
		.executeTakeFirstOrThrow()

/**
 * After a change of password: the feed, if the user has one, gets a new address, so one copied by
 * whoever knew the old password shows nothing more (issue 29).
 */
export async function endFeedAddress(db: Db, userId: string) {
	await db.updateTable('calendar_feeds').set(newAddress()).where('user_id', '=', userId).execute()
}

/** Whose feed an id is, with their role (it decides which sessions the feed holds). */
export const findFeedOwner = (db: Db, feedId: string) =>
	db
		.selectFrom('calendar_feeds')
		.innerJoin('users', 'users.id', 'calendar_feeds.user_id')
		.select([
			'users.id',
			'users.role',
			'users.first_name',
			'users.last_name',
			'calendar_feeds.version',
			'calendar_feeds.version_changed_at',
		])
		.where('calendar_feeds.feed_id', '=', feedId)
		.executeTakeFirst()

/**
 * Records the fingerprint of a feed's answer when it differs from the last one (a write only
 * when the sessions changed, never for each poll); when it last changed, for Last-Modified.
 */
export async function recordFeedVersion(db: Db, feedId: string, version: string) {
	const row = await db
		.updateTable('calendar_feeds')
		.set({ version, version_changed_at: sql<Date>`now()` })
		.where('feed_id', '=', feedId)
		.returning('version_changed_at')
		.executeTakeFirst()
	return row?.version_changed_at ?? new Date()
}
