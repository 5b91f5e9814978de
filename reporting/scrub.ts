// What leaves for Sentry, on the app's server, in the browser and in the API: the user's id and
// email stay (sendDefaultPii, as the spec asks), credentials never do. Cookies and Authorization
// headers are dropped, fields named like a secret are blanked, and any string that looks like a
// token (a JWT or JWE, a 32-byte random value, a ticket or token in a URL, the user and password
// of a connection URL, a Stripe or AWS key) is masked wherever it sits: a header, a URL, a
// breadcrumb, an exception's message or a span's data.
//
// Plain TypeScript with no imports, so the app (Vite), the API (Node's own type stripping) and instrument.server.mjs
// (Node's own type stripping) all load this one file.

export const FILTERED = '[Filtered]'

/** Compact JWS (3 parts) and JWE (5 parts, the session cookie's shape): base64url JSON headers. */
const JWT = /eyJ[\w-]*(?:\.[\w-]*){2,4}/g
/** 32 random bytes in base64url are 43 characters (refresh tokens, secrets); hex is 64. */
const OPAQUE = /(?<![\w-])[\w-]{43,}(?![\w-])/g
/** A credential in a URL's query: ?token=…, &ticket=…, &code=… */
const QUERY_SECRET =
	/([?&](?:token|access_token|refresh_token|ticket|code|key|secret|password)=)[^&#\s"']+/gi
/** The user and password of a URL: postgres://u:secret@, smtps://u:p@, redis://:pass@. */
const URL_CREDENTIALS = /\b([a-z][a-z\d+.-]*:\/\/)[^\s/?#@'"<>]+@/gi
/** Stripe's secret, restricted and webhook keys (publishable pk_ keys are public). */
const STRIPE_KEY = /\b(?:sk|rk)_(?:live|test)_[\dA-Za-z]{8,}|\bwhsec_[\dA-Za-z]{8,}/g
/** An AWS access key id, and a secret access key: exactly 40 base64 characters with upper and
 * lower case letters and a digit (so neither a commit id nor a plain path). */
const AWS_KEY_ID = /\b(?:AKIA|ASIA)[\dA-Z]{16}\b/g
const AWS_SECRET =
	/(?<![\w/+=])(?=[\w/+=]{0,39}[A-Z])(?=[\w/+=]{0,39}[a-z])(?=[\w/+=]{0,39}\d)[\dA-Za-z/+=]{40}(?![\w/+=])/g
/** Keys whose values are credentials whatever they look like. */
const SECRET_KEY =
	/cookie|authori[sz]ation|password|passwd|secret|token|session|refresh|ticket|api[-_]?key/i
/** Keys that merely name an identifier of Sentry's own and are never credentials. */
const SENTRY_IDS = new Set([
	'event_id',
	'trace_id',
	'span_id',
	'parent_span_id',
	'sid',
	'release',
	'environment',
])

export function scrubString(value: string): string {
	return value
		.replace(URL_CREDENTIALS, `$1${FILTERED}@`)
		.replace(JWT, FILTERED)
		.replace(QUERY_SECRET, `$1${FILTERED}`)
		.replace(STRIPE_KEY, FILTERED)
		.replace(AWS_KEY_ID, FILTERED)
		.replace(AWS_SECRET, FILTERED)
		.replace(OPAQUE, FILTERED)
}

/** Only what Sentry serialises is walked: plain objects and arrays, never live class instances. */
function isPlain(value: object): boolean {
	const prototype = Object.getPrototypeOf(value)
	return prototype === Object.prototype || prototype === null
}

function scrubValue(value: unknown, key: string | null, depth: number): unknown {
	if (key !== null && !SENTRY_IDS.has(key) && SECRET_KEY.test(key))
		return value === undefined ? value : FILTERED
	if (typeof value === 'string') return scrubString(value)
	if (depth > 12 || value === null || typeof value !== 'object') return value
	if (Array.isArray(value)) {
		for (let index = 0; index < value.length; index++) {
			const scrubbed = scrubValue(value[index], null, depth + 1)
			if (scrubbed !== value[index]) value[index] = scrubbed
		}
		return value
	}
	if (!isPlain(value)) return value
	const record = value as Record<string, unknown>
	for (const name of Object.keys(record)) {
		// The SDK's own working data (live request objects and the like): never sent.
		if (name === 'sdkProcessingMetadata') continue
		const scrubbed = scrubValue(record[name], name, depth + 1)
		if (scrubbed === record[name]) continue
		try {
			record[name] = scrubbed
		} catch {
			// A read-only property: drop it rather than send it unscrubbed.
			delete record[name]
		}
	}
	return record
}

type Scrubbable = {
	request?: { cookies?: unknown; headers?: Record<string, unknown> } & Record<string, unknown>
	user?: Record<string, unknown>
} & Record<string, unknown>

/**
 * Scrubs an event or a transaction in place and returns it (for beforeSend and
 * beforeSendTransaction). The user's id and email are kept as they are.
 */
export function scrubEvent<Event extends object>(event: Event): Event {
	const target = event as Scrubbable
	if (target.request) {
		delete target.request.cookies
		const headers = target.request.headers
		if (headers) {
			for (const name of Object.keys(headers)) {
				if (/^(?:cookie|set-cookie|authorization|proxy-authorization)$/i.test(name))
					delete headers[name]
			}
		}
	}
	const user = target.user
	delete target.user
	scrubValue(target, null, 0)
	if (user) target.user = user
	return event
}
