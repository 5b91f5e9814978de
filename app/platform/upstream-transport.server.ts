import { Agent } from 'undici'

// How the upstream client's JSON calls reach the API (docs/decisions/069). undici's `request` over
// one keep-alive pool per API address: Node's global `fetch` builds WHATWG Headers, a Request, a
// Response and a web stream for each call, several times the CPU of the answer's own bytes, and a
// page makes several calls. A test that injects `fetch` (UpstreamOptions.fetch) is served by it.

/** What a call sends. `headers` are lower-case names. A FormData body goes by fetch (upstream.server.ts). */
export type Outgoing = {
	method: string
	headers: Record<string, string>
	body?: string | FormData
	signal: AbortSignal
}

/** What the client reads of an answer: the status, the cookies it sets, the whole body as text. */
export type Incoming = { status: number; setCookies: string[]; text(): Promise<string> }

export type Transport = (url: string, outgoing: Outgoing) => Promise<Incoming>

// One pool of keep-alive connections per API origin, shared by every request of the process.
// A connection the API is about to close (its Keep-Alive timeout) is not reused: undici reads the
// hint and keeps a margin.
const pool = new Agent({ keepAliveTimeout: 4_000, keepAliveMaxTimeout: 60_000 })

export const undiciTransport: Transport = async (url, outgoing) => {
	// Parsed as fetch parses it (percent-encoding, dot segments), so the same path reaches the API.
	const target = new URL(url)
	const answer = await pool.request({
		origin: target.origin,
		path: `${target.pathname}${target.search}`,
		method: outgoing.method as 'GET',
		headers: outgoing.headers,
		body: outgoing.body as string | undefined, // never a FormData: the client sends those by fetch
		signal: outgoing.signal,
	})
	const setCookie = answer.headers['set-cookie']
	return {
		status: answer.statusCode,
		setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
		text: () => answer.body.text(),
	}
}

/** A `fetch` (a test's) as a transport. */
export function fetchTransport(fetcher: typeof fetch): Transport {
	return async (url, outgoing) => {
		const response = await fetcher(url, outgoing)
		return {
			status: response.status,
			setCookies: response.headers.getSetCookie(),
			text: () => response.text(),
		}
	}
}
