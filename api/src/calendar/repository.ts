import { sql } from 'kysely'
import type { Db } from '../db.ts'

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

/** Whose feed an id is, with their role (it decides which sessions the feed holds). */
export const findFeedOwner = (db: Db, feedId: string) =>
	db
		.selectFrom('calendar_feeds')
		.innerJoin('users', 'users.id', 'calendar_feeds.user_id')
		.leftJoin('organizations', 'organizations.id', 'users.organization_id')
		.select([
			'users.id',
			'users.role',
			'users.first_name',
			'users.last_name',
			'calendar_feeds.version',
			'calendar_feeds.version_changed_at',
		])
		// The feed speaks its owner's language: their own, else their organization's default.
		.select((eb) => eb.fn.coalesce('users.locale', 'organizations.default_locale').as('locale'))
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
