// Test clients that connect from a loopback address of their own (any 127.x.y.z is this machine).
// The API's login limits count failures per client address (decisions/014): the suites that fail
// logins on purpose would otherwise throttle every other test's right password from 127.0.0.1.
import http from 'node:http'

export function someLoopbackAddress(): string {
	const byte = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1))
	return `127.${byte(1, 254)}.${byte(0, 255)}.${byte(2, 251)}`
}

/** fetch, sent from `localAddress`; redirects are never followed (as `redirect: 'manual'`). */
export async function fetchFrom(
	localAddress: string,
	url: string | URL,
	init: RequestInit = {},
): Promise<Response> {
	// A Request encodes the body as fetch would (a FormData's multipart boundary included).
	const request = new Request(url, { method: init.method, headers: init.headers, body: init.body })
	const body =
		init.body === undefined || init.body === null ? null : Buffer.from(await request.arrayBuffer())
	const headers: Record<string, string> = Object.fromEntries(request.headers)
	if (body) headers['content-length'] = String(body.length)
	return new Promise((resolve, reject) => {
		const outgoing = http.request(
			request.url,
			{ method: request.method, headers, localAddress },
			(incoming) => {
				const chunks: Buffer[] = []
				incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
				incoming.on('error', reject)
				incoming.on('end', () => {
					const answerHeaders = new Headers()
					for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
						answerHeaders.append(
							incoming.rawHeaders[index] as string,
							incoming.rawHeaders[index + 1] as string,
						)
					}
					const status = incoming.statusCode ?? 0
					const empty = status === 204 || status === 304 || request.method === 'HEAD'
					resolve(
						new Response(empty ? null : Buffer.concat(chunks), { status, headers: answerHeaders }),
					)
				})
			},
		)
		outgoing.on('error', reject)
		outgoing.end(body ?? undefined)
	})
}
