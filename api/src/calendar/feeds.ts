import { createHmac, timingSafeEqual } from 'node:crypto'
import type { z } from 'zod'
import type { feed } from './schemas.ts'

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

/** A feed as its owner sees it: its address's token, and when that address was made. */
export const toFeed = (
	secret: string,
	row: { feed_id: string; created_at: Date },
): z.input<typeof feed> => ({
	token: feedToken(secret, row.feed_id),
	createdAt: row.created_at.toISOString(),
})
