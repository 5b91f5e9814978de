// The site's address in front of the apps, for the multi-process suite: a TCP balancer in this
// process, as Caddy is in the deploy guide in miniature. Each new connection goes to the first app
// that accepts it (the guide's lb_try_duration); when none does it answers 502, as Caddy does.
import { createConnection, createServer, type Socket } from 'node:net'

const BAD_GATEWAY = 'HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'

export type Balancer = Awaited<ReturnType<typeof startBalancer>>

/** A balancer on loopback in front of `targets` (ports), tried in order for each connection. */
export async function startBalancer(targets: number[]) {
	let order = [...targets]
	const open = new Set<Socket>()
	const server = createServer((client) => {
		open.add(client)
		client.on('close', () => open.delete(client))
		client.on('error', () => client.destroy())
		client.pause()
		const tryTarget = (index: number) => {
			const port = order[index]
			if (port === undefined) return client.end(BAD_GATEWAY)
			const upstream = createConnection({ host: '127.0.0.1', port })
			open.add(upstream)
			upstream.on('close', () => open.delete(upstream))
			upstream.once('error', () => {
				upstream.destroy()
				tryTarget(index + 1)
			})
			upstream.once('connect', () => {
				upstream.removeAllListeners('error')
				upstream.on('error', () => client.destroy())
				upstream.on('close', () => client.destroy())
				client.on('close', () => upstream.destroy())
				client.pipe(upstream)
				upstream.pipe(client)
				client.resume()
			})
		}
		tryTarget(0)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : 0
	return {
		url: `http://127.0.0.1:${port}`,
		/** The apps new connections go to, in the order they are tried. */
		route(ports: number[]) {
			order = [...ports]
		},
		close: () =>
			new Promise<void>((resolve) => {
				for (const socket of open) socket.destroy()
				server.close(() => resolve())
			}),
	}
}
