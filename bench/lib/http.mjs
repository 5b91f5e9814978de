// Small HTTP helpers for the benchmark: logging in through the app's own form, and timing the
// first byte of a page.
import http from 'node:http'

/** Logs in through the app's login form and returns the Cookie header of the new session. */
export async function logIn(appUrl, email, password, as) {
	const body = new URLSearchParams({ email, password, ...(as ? { as } : {}) })
	const response = await fetch(`${appUrl}/login${as ? `?as=${as}` : ''}`, {
		method: 'POST',
		body,
		headers: { Origin: appUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
		redirect: 'manual',
	})
	const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
	if (response.status !== 302 || !cookies.some((cookie) => cookie.startsWith('__session='))) {
		throw new Error(`Logging in as ${email} answered ${response.status}`)
	}
	return cookies.join('; ')
}

/** Milliseconds from sending a GET to the answer's first byte, and its status. */
export function timeToFirstByte(url, headers = {}) {
	return new Promise((resolvePromise, reject) => {
		const started = performance.now()
		const request = http.get(url, { headers }, (response) => {
			const ttfb = performance.now() - started
			response.resume()
			response.on('end', () =>
				resolvePromise({ ttfb, status: response.statusCode, started, firstByteAt: started + ttfb }),
			)
		})
		request.on('error', reject)
	})
}

export async function waitUntilUp(url, timeoutMs = 60_000) {
	const deadline = Date.now() + timeoutMs
	while (Date.now() < deadline) {
		try {
			await fetch(url, { signal: AbortSignal.timeout(2000) })
			return
		} catch {
			await new Promise((done) => setTimeout(done, 200))
		}
	}
	throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

export function median(values) {
	const sorted = [...values].sort((a, b) => a - b)
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
