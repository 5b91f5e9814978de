import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net'

/**
 * A TCP proxy (to Redis, in the tests that use it) that can stop forwarding bytes, both ways,
 * without closing anything: the bytes wait (as TCP retransmits through a link that drops every
 * packet) and flow again once healed, unless an end gives up on the connection first. A
 * connection made while holed is held too (a lasting partition: reconnecting does not help).
 */
export async function startProxy(target: number) {
	let holed = false
	/** Cut a connection whose client sends this, before it reaches the target (`cutOn`). */
	let cutting: { bytes: string; times: number; cut: number } | undefined
	const sockets = new Set<Socket>()
	const server = createServer((client) => {
		const upstream = createConnection({ port: target, host: '127.0.0.1' })
		// Before the pipe's own listener: the bytes are dropped with the connection.
		client.on('data', (chunk: Buffer) => {
			if (!cutting || cutting.cut >= cutting.times || !chunk.includes(cutting.bytes)) return
			cutting.cut++
			client.destroy()
			upstream.destroy()
		})
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
		/**
		 * The next `times` connections whose client sends `bytes` (e.g. a Redis command's name) are
		 * closed at once, those bytes unsent, as if the link dropped just then. Returns how many
		 * were cut so far.
		 */
		cutOn: (bytes: string, times: number) => {
			const rule = { bytes, times, cut: 0 }
			cutting = rule
			return () => rule.cut
		},
		/** Closes every connection now (each end sees its peer go, as after a restart). */
		dropAll: () => {
			for (const socket of sockets) socket.destroy()
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
