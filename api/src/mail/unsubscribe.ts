import { createHmac, timingSafeEqual } from 'node:crypto'

// One-click unsubscribe links (RFC 8058): `<userId>.<kind>.<signature>`, signed with the API's
// secret. A link turns off one kind of notification for one account and nothing else; it needs
// no sign-in and does not expire, since it can only ever do what the profile's switch does.

const signature = (secret: string, payload: string) =>
	createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url')

export function unsubscribeToken(secret: string, userId: string, kind: string): string {
	const payload = `${userId}.${kind}`
	return `${payload}.${signature(secret, payload)}`
}

/** The account and kind a link names, or null when it was not signed by this API. */
export function readUnsubscribeToken(
	secret: string,
	token: string,
): { userId: string; kind: string } | null {
	const [userId, kind, signed, ...rest] = token.split('.')
	if (!userId || !kind || !signed || rest.length > 0) return null
	const expected = Buffer.from(signature(secret, `${userId}.${kind}`))
	const given = Buffer.from(signed)
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
	return { userId, kind }
}
