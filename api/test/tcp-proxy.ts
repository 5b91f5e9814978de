import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net'

/**
 * A TCP proxy (to Redis, in the tests that use it) that can stop forwarding bytes, both ways,
 * without closing anything: the bytes wait (as TCP retransmits through a link that drops every
 * packet) and flow again once healed, unless an end gives up on the connection first. A
 * connection made while holed is held too (a lasting partition: reconnecting does not help).
 */
export async function startProxy(target: number) {
	let holed = false
	const sockets = new Set<Socket>()
	const server = createServer((client) => {
		const upstream = createConnection({ port: target, host: '127.0.0.1' })
		for (const socket of [client, upstream]) {
			sockets.add(socket)
			socket.on('error', () => {})
			socket.on('close', () => {
				sockets.delete(socket)
				client.destroy()
				upstream.destroy()
			})
		}
		client.pipe(upstream)
		upstream.pipe(client)
		// After the pipes, which resume their source.
		if (holed) for (const socket of [client, upstream]) socket.pause()
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		port: (server.address() as AddressInfo).port,
		blackHole: () => {
			holed = true
			for (const socket of sockets) socket.pause()
		},
		heal: () => {
			holed = false
			for (const socket of sockets) socket.resume()
		},
		close: async () => {
			for (const socket of sockets) socket.destroy()
			await new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}
