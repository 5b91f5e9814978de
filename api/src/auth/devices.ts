import { english, type Speaker } from '../platform/i18n.ts'
import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import type { Db } from '../db.ts'
import { verifyAccessToken } from '../platform/access-tokens.ts'
import type { ApiEnv } from '../platform/context.ts'
import type { Device, RefreshSession } from './refresh-tokens.ts'
import {
	findAnyKnownDevice,
	findOpenSession,
	listOpenSessions,
	recordKnownDevice,
	revokeOtherSessions,
	revokeSession,
} from './repository.ts'

// "Where you are signed in" (issue 29): the account's open sessions, each named by the browser
// and system its user agent shows, and ended one at a time by their owner.

// Order matters: Edge and Opera say Chrome too, Chrome says Safari, Android says Linux.
const BROWSERS: [RegExp, string][] = [
	[/\bEdg(?:e|A|iOS)?\//, 'Edge'],
	[/\b(?:OPR|Opera)\//, 'Opera'],
	[/\bSamsungBrowser\//, 'Samsung Internet'],
	[/\b(?:Firefox|FxiOS)\//, 'Firefox'],
	[/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
	[/\bSafari\//, 'Safari'],
]
const SYSTEMS: [RegExp, string][] = [
	[/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
	[/\bAndroid\b/, 'Android'],
	[/\bCrOS\b/, 'ChromeOS'],
	[/\bWindows\b/, 'Windows'],
	[/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
	[/\bLinux\b/, 'Linux'],
]

const firstMatch = (table: [RegExp, string][], userAgent: string) =>
	table.find(([pattern]) => pattern.test(userAgent))?.[1]

/** "Firefox on Linux", "Safari on iOS": what a person recognises of a user agent. */
export function describeDevice(userAgent: string, say: Speaker['say'] = english.say): string {
	const browser = firstMatch(BROWSERS, userAgent)
	const system = firstMatch(SYSTEMS, userAgent)
	if (browser && system) return say('{browser} on {system}', { browser, system })
	if (browser ?? system) return (browser ?? system) as string
	return userAgent.trim() ? say('Unknown browser') : say('Unknown device')
}

export type SignedInDevice = {
	id: string
	device: string
	address: string
	signedInAt: string
	lastSeenAt: string
	current: boolean
}

/** The account's open sessions, the most recently used first; `currentId` is the one asking. */
export async function listSessions(
	db: Db,
	account: RefreshSession,
	currentId: string | undefined,
	say: Speaker['say'] = english.say,
): Promise<SignedInDevice[]> {
	const rows = await listOpenSessions(db, account)
	return rows.map((row) => ({
		id: row.id,
		device: describeDevice(row.user_agent, say),
		address: row.ip_address,
		signedInAt: row.created_at.toISOString(),
		lastSeenAt: row.last_seen_at.toISOString(),
		current: row.id === currentId,
	}))
}

const BEARER = /^Bearer\s+(\S+)\s*$/i

/** The sign-in making this call: its bearer's `sid` (the account guard has checked it is open). */
export async function currentSessionId(c: Context<ApiEnv>, jwtSecret: string) {
	const bearer = BEARER.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
	return (await verifyAccessToken(bearer, jwtSecret))?.sessionId
}

export const DEVICE_NOT_SIGNED_IN = 'This device is not signed in to your account'

/** Every session of the account but the caller's ends; the answer says how many. */
export async function endOtherSessions(
	db: Db,
	account: RefreshSession,
	c: Context<ApiEnv>,
	jwtSecret: string,
) {
	const ended = await revokeOtherSessions(db, account, await currentSessionId(c, jwtSecret))
	return {
		message:
			ended === 1
				? 'One other device was logged out.'
				: `${ended === 0 ? 'No' : ended} other devices were logged out.`,
		ended,
	}
}

/** Ends one open session of the account; false when it has none by that id. */
export async function endOwnSession(
	db: Db,
	account: RefreshSession,
	sessionId: string,
): Promise<boolean> {
	const row = await findOpenSession(db, account, sessionId)
	if (!row) return false
	await revokeSession(db, row.id)
	return true
}

/**
 * Records a sign-in's device (its user agent and address, as a hash); true when the account had
 * signed in before, but never from this pair: a new device its owner should hear of. An account's
 * very first sign-in is no news.
 */
export async function isNewDevice(db: Db, account: RefreshSession, device: Device) {
	const fingerprint = createHash('sha256')
		.update(`${device.userAgent}\n${device.address}`)
		.digest('hex')
	const before = await findAnyKnownDevice(db, account)
	const inserted = await recordKnownDevice(db, account, fingerprint)
	return before !== undefined && inserted !== undefined
}
