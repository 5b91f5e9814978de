// One person's browser as the load model plays it: its own cookies, the requests a browser sends
// for this app (a document, a client-side navigation's `.data` request for the one route it loads,
// a form post with the page's Origin and the session cookie, the test island's JSON), each timed
// and counted in the run's statistics. The app has no CSRF token: a write is refused when its
// Origin is another site's (app/platform/security.server.ts), so a browser's same-origin Origin
// header is what a form post carries.
//
// Requests go through Node's fetch (undici), with no connection limit of the generator's own: each
// person waits for their answer before thinking and asking again, as a browser does.

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
	}

	cookieHeader() {
		return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
	}

	keepCookies(response) {
		for (const line of response.headers.getSetCookie()) {
			const [pair, ...attributes] = line.split(';')
			const at = pair.indexOf('=')
			const name = pair.slice(0, at).trim()
			const value = pair.slice(at + 1).trim()
			const expired = attributes.some(
				(attribute) =>
					/^\s*max-age=0\s*$/i.test(attribute) ||
					(/^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1]) < Date.now()),
			)
			if (expired || value === '') this.cookies.delete(name)
			else this.cookies.set(name, value)
		}
	}

	/**
	 * One request, timed under `name` (the model's name for the step, e.g. "student: dashboard").
	 * Answers `{ status, body, location, ok }`; a refused connection or a timeout is status 0 and
	 * counted as an error. `expect` lists the statuses that are right for this step.
	 */
	async request(name, path, { method = 'GET', headers = {}, body, expect = [200] } = {}) {
		const started = performance.now()
		let status = 0
		let text = ''
		let location = null
		let failure = null
		try {
			const response = await fetch(`${this.appUrl}${path}`, {
				method,
				body,
				redirect: 'manual',
				signal: AbortSignal.timeout(this.timeoutMs),
				headers: {
					'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) TutorHubLoadModel/1.0',
					'Accept-Language': 'en',
					...(this.cookies.size > 0 && { Cookie: this.cookieHeader() }),
					...(method !== 'GET' && { Origin: this.appUrl, 'Sec-Fetch-Site': 'same-origin' }),
					...(this.address && { 'X-Forwarded-For': this.address }),
					...headers,
				},
			})
			status = response.status
			location = response.headers.get('location')
			this.keepCookies(response)
			text = await response.text()
		} catch (error) {
			failure = error.name === 'TimeoutError' ? 'timeout' : (error.cause?.code ?? error.message)
		}
		const ms = performance.now() - started
		const ok = failure === null && expect.includes(status)
		this.stats.record(name, ms, ok, failure ?? (ok ? null : `${status} ${path}`))
		return { status, body: text, location, ok }
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

	/** A form with a file (multipart), as the browser encodes it. */
	postMultipart(name, path, formData, { expect = [302, 303] } = {}) {
		return this.request(name, path, { method: 'POST', body: formData, expect })
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
	text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name) => ENTITIES[name])
const attribute = (tag, name) => {
	const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)
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
