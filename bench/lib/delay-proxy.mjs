// A proxy in front of the reference API that holds every answer back by `delayMs` and logs each
// call (path, when it arrived, when its answer ended), so a page load's upstream calls can be
// counted and timed from outside the app.
import http from 'node:http'

export function startDelayProxy({ port, target, delayMs }) {
	const upstream = new URL(target)
	const calls = []
	const server = http.createServer((request, response) => {
		const call = { method: request.method, path: request.url, start: performance.now(), end: 0 }
		calls.push(call)
		const forward = http.request(
			{
				hostname: upstream.hostname,
				port: upstream.port,
				path: request.url,
				method: request.method,
				headers: request.headers,
			},
			(answer) => {
				setTimeout(() => {
					response.writeHead(answer.statusCode ?? 502, answer.headers)
					answer.pipe(response)
					answer.on('end', () => {
						call.end = performance.now()
					})
				}, delayMs)
			},
		)
		forward.on('error', () => {
			response.writeHead(502)
			response.end()
		})
		request.pipe(forward)
	})
	return new Promise((resolvePromise) => {
		server.listen(port, '127.0.0.1', () =>
			resolvePromise({
				url: `http://127.0.0.1:${port}`,
				calls,
				/** Calls that arrived between two moments (performance.now()). */
				between: (from, to) => calls.filter((call) => call.start >= from && call.start <= to),
				close: () => new Promise((done) => server.close(done)),
			}),
		)
	})
}
