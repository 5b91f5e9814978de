// One person's browser as the load model plays it: its own cookies, the requests a browser sends
// for this app (a document, a client-side navigation's `.data` request for the one route it loads,
// a form post with the page's Origin and the session cookie, the test island's JSON), each timed
// and counted in the run's statistics. The app has no CSRF token: a write is refused when its
// Origin is another site's (app/platform/security.server.ts), so a browser's same-origin Origin
// header is what a form post carries.
//
// Requests go through undici's `Pool.request` (one pool per app, no connection limit of the
// generator's own: each person waits for their answer before thinking and asking again, as a
// browser does), with the headers Node's fetch sent for these requests (decision 070):
// `Accept-Encoding: gzip, deflate`, as a browser sends it over plain HTTP, so the app compresses
// every answer as it would for a browser. Every byte of every answer is read off the socket, but an
// answer is inflated and decoded only when the journey reads its body (`answer.body`): the
// servers' work is the same, the generator's is less. The generator's CPU is not what a run
// measures; it shares the cores.
import { Pool } from 'undici'
import zlib from 'node:zlib'

/** The headers Node's fetch added to each request (decision 057's generator), sent as they were. */
const FETCH_DEFAULTS = {
	accept: '*/*',
	'accept-encoding': 'gzip, deflate',
	'sec-fetch-mode': 'cors',
}
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) TutorHubLoadModel/1.0'

/** One connection pool per app origin, shared by every person on it (as fetch's agent was). */
const pools = new Map()
function poolFor(origin) {
	let pool = pools.get(origin)
	if (!pool) pools.set(origin, (pool = new Pool(origin)))
	return pool
}

/** Closes the pools' connections: the run is over. */
export async function closeConnections() {
	const closing = [...pools.values()].map((pool) => pool.close())
	pools.clear()
	await Promise.all(closing)
}

const INFLATE = {
	gzip: zlib.gunzipSync,
	'x-gzip': zlib.gunzipSync,
	deflate: zlib.inflateSync,
	br: zlib.brotliDecompressSync,
}

/**
 * An answer as the journeys see it: its status, where it redirects, whether it was right for the
 * step, and its body, inflated and decoded as text the first time it is read.
 */
class Answer {
	constructor(status, location, ok, bytes, encoding) {
		this.status = status
		this.location = location
		this.ok = ok
		this.bytes = bytes
		this.encoding = encoding
		this.text = null
	}

	get body() {
		if (this.text === null) {
			const inflate = INFLATE[this.encoding]
			this.text = (inflate && this.bytes.length > 0 ? inflate(this.bytes) : this.bytes).toString(
				'utf8',
			)
			this.bytes = null
		}
		return this.text
	}
}

const EMPTY = Buffer.alloc(0)
const fromCookie = (text) => text.trim()
const expiredCookie = /;\s*max-age=0\s*(;|$)/i
const expiresAttribute = /;\s*expires=([^;]*)/i

/** The site's own answer when a request failed: what the run counts, never a thrown error. */
export class Browser {
	/**
	 * `address`: the person's own address, sent as X-Forwarded-For (the app trusts one proxy, as
	 * behind a balancer); without it the person connects from the generator's address.
	 * @param {{ appUrl: string, stats: import('./stats.mjs').Stats, timeoutMs?: number, address?: string }} options
	 */
	constructor({ appUrl, stats, timeoutMs = 30_000, address }) {
		this.appUrl = appUrl
		this.address = address
		this.stats = stats
		this.timeoutMs = timeoutMs
		/** @type {Map<string, string>} */
		this.cookies = new Map()
		this.cookieLine = ''
		this.pool = poolFor(new URL(appUrl).origin)
	}

	cookieHeader() {
		return this.cookieLine
	}

	/** Set-Cookie lines: a cookie set, replaced, or gone when emptied or expired. */
	keepCookies(setCookie) {
		if (setCookie === undefined) return
		for (const line of typeof setCookie === 'string' ? [setCookie] : setCookie) {
			const end = line.indexOf(';')
			const pair = end === -1 ? line : line.slice(0, end)
			const at = pair.indexOf('=')
			const name = fromCookie(pair.slice(0, at))
			const value = fromCookie(pair.slice(at + 1))
			let expired = false
			if (end !== -1) {
				const attributes = line.slice(end)
				const expires = expiresAttribute.exec(attributes)
				expired =
					expiredCookie.test(attributes) ||
					(expires !== null && Date.parse(expires[1]) < Date.now())
			}
			if (expired || value === '') this.cookies.delete(name)
			else this.cookies.set(name, value)
		}
		let header = ''
		for (const [name, value] of this.cookies)
			header += `${header === '' ? '' : '; '}${name}=${value}`
		this.cookieLine = header
	}

	/**
	 * One request, timed under `name` (the model's name for the step, e.g. "student: dashboard").
	 * Answers `{ status, body, location, ok }`; a refused connection or a timeout is status 0 and
	 * counted as an error. `expect` lists the statuses that are right for this step.
	 */
	async request(name, path, { method = 'GET', headers = {}, body, expect = [200] } = {}) {
		const started = performance.now()
		let status = 0
		let bytes = EMPTY
		let encoding
		let location = null
		let failure = null
		const abort = new AbortController()
		const timer = setTimeout(() => abort.abort(), this.timeoutMs)
		try {
			const sent = {
				...FETCH_DEFAULTS,
				'user-agent': USER_AGENT,
				'accept-language': 'en',
				...(this.cookieLine !== '' && { cookie: this.cookieLine }),
				...(method !== 'GET' && { origin: this.appUrl, 'sec-fetch-site': 'same-origin' }),
				...(this.address && { 'x-forwarded-for': this.address }),
			}
			for (const [header, value] of Object.entries(headers)) sent[header.toLowerCase()] = value
			const answer = await this.pool.request({
				path,
				method,
				headers: sent,
				body: body instanceof URLSearchParams ? String(body) : body,
				signal: abort.signal,
			})
			status = answer.statusCode
			location = answer.headers.location ?? null
			encoding = answer.headers['content-encoding']
			this.keepCookies(answer.headers['set-cookie'])
			// Every byte is read off the socket, as a browser reads it; inflating waits for `body`.
			bytes = Buffer.from(await answer.body.arrayBuffer())
		} catch (error) {
			failure = abort.signal.aborted
				? 'timeout'
				: (error.code ?? error.cause?.code ?? error.message)
		} finally {
			clearTimeout(timer)
		}
		const ms = performance.now() - started
		const ok = failure === null && expect.includes(status)
		this.stats.record(name, ms, ok, failure ?? (ok ? null : `${status} ${path}`))
		return new Answer(status, location, ok, bytes, encoding)
	}

	/** A page opened by address or a full reload: the HTML document. */
	document(name, path, options = {}) {
		return this.request(name, path, {
			...options,
			headers: { Accept: 'text/html,application/xhtml+xml', ...options.headers },
		})
	}

	/**
	 * A client-side navigation to `path`: React Router asks for `<path>.data?_routes=<route id>`,
	 * the loaders of the routes that change (the area's layout stays loaded).
	 */
	navigate(name, path, routeId) {
		const url = new URL(path, this.appUrl)
		const dataPath = `${url.pathname === '/' ? '/_root' : url.pathname}.data`
		url.searchParams.set('_routes', routeId)
		return this.request(name, `${dataPath}?${url.searchParams}`, { expect: [200, 202, 204] })
	}

	/** A form posted as a browser without JavaScript posts it (urlencoded, answered by a redirect). */
	postForm(name, path, fields, { expect = [302, 303] } = {}) {
		return this.request(name, path, {
			method: 'POST',
			body: new URLSearchParams(fields),
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			expect,
		})
	}

	/**
	 * A form with a file (multipart), as the browser encodes it: encoded by the platform's own
	 * Response, as fetch encoded it (undici's request takes no FormData of another undici's).
	 */
	async postMultipart(name, path, formData, { expect = [302, 303] } = {}) {
		const encoded = new Response(formData)
		return this.request(name, path, {
			method: 'POST',
			body: Buffer.from(await encoded.arrayBuffer()),
			headers: { 'Content-Type': encoded.headers.get('content-type') },
			expect,
		})
	}

	/** A JSON post of a page's island (the test's autosave and submit). */
	postJson(name, path, value, { expect = [200] } = {}) {
		return this.request(name, path, {
			method: 'POST',
			body: JSON.stringify(value),
			headers: { 'Content-Type': 'application/json' },
			expect,
		})
	}
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: '\u00a0' }
const decode = (text) =>
	text.indexOf('&') === -1
		? text
		: text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name) => ENTITIES[name])
/** Each attribute's pattern, made once (not a new RegExp for every attribute read). */
const ATTRIBUTES = new Map()
const attribute = (tag, name) => {
	let pattern = ATTRIBUTES.get(name)
	if (!pattern) ATTRIBUTES.set(name, (pattern = new RegExp(`\\s${name}="([^"]*)"`)))
	const match = pattern.exec(tag)
	return match ? decode(match[1]) : null
}

/**
 * The forms of a page as a browser would post them: each form's action, method and its fields
 * (inputs with their values, checked boxes and radios only, textareas, the selected option), in
 * document order. A form is found by a string inside it (its submit button's `value`, a field's name).
 */
export function formsOf(html) {
	const forms = []
	for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
		const [, tag, inner] = match
		/** @type {[string, string][]} */
		const fields = []
		for (const control of inner.matchAll(
			/<input\b([^>]*)>|<textarea\b([^>]*)>([\s\S]*?)<\/textarea>|<select\b([^>]*)>([\s\S]*?)<\/select>/g,
		)) {
			const [, input, textarea, text, select, options] = control
			if (input !== undefined) {
				const name = attribute(input, 'name')
				const type = attribute(input, 'type') ?? 'text'
				if (!name || type === 'submit' || type === 'button' || type === 'file') continue
				if ((type === 'checkbox' || type === 'radio') && !/\schecked=""/.test(input)) continue
				fields.push([name, attribute(input, 'value') ?? (type === 'checkbox' ? 'on' : '')])
			} else if (textarea !== undefined) {
				const name = attribute(textarea, 'name')
				if (name) fields.push([name, decode(text)])
			} else {
				const name = attribute(select, 'name')
				const chosen =
					/<option\b([^>]*\sselected=""[^>]*)>/.exec(options) ?? /<option\b([^>]*)>/.exec(options)
				if (name && chosen) fields.push([name, attribute(chosen[1], 'value') ?? ''])
			}
		}
		const buttons = [...inner.matchAll(/<button\b([^>]*)>/g)].map((button) => ({
			name: attribute(button[1], 'name'),
			value: attribute(button[1], 'value'),
		}))
		forms.push({
			action: attribute(tag, 'action'),
			method: (attribute(tag, 'method') ?? 'get').toLowerCase(),
			fields,
			buttons,
			html: inner,
		})
	}
	return forms
}
