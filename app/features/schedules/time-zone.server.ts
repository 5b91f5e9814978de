import { cookieValue } from '~/platform/cookie-header'
import { isTimeZone } from './time-zones'

/**
 * The viewer's time zone: the `tz` cookie, which the browser sets from its own zone on the first
 * visit (see TimeZoneSync) or the viewer chooses in the page; UTC until then (JavaScript off).
 * Not HttpOnly and not signed: it is a display preference, and a bad value falls back to UTC.
 */
export const TIME_ZONE_COOKIE = 'tz'

export function viewerTimeZone(request: Request): { zone: string; known: boolean } {
	const value = cookieValue(request.headers.get('Cookie'), TIME_ZONE_COOKIE)
	const zone = value === null ? null : decoded(value)
	return zone && isTimeZone(zone) ? { zone, known: true } : { zone: 'UTC', known: false }
}

export function timeZoneCookie(zone: string): string {
	// eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie
	return `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`
}

function decoded(value: string): string | null {
	try {
		return decodeURIComponent(value)
	} catch {
		return null
	}
}
