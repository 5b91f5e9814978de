import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net'

/**
 * A TCP proxy (to Redis, in the tests that use it) that can stop forwarding bytes, both ways,
 * without closing anything: the bytes wait (as TCP retransmits through a link that drops every
 * packet) and flow again once healed, unless an end gives up on the connection first. A
 * connection made while holed is held too (a lasting partition: reconnecting does not help).
 */
export async function startProxy(target: number) {
	let holed = false
	/**
	 * What to do to a connection whose client sends `bytes`: cut it before they reach the target
	 * (`cutOn`), or hold the target's answers for a while (`holdAnswersOn`).
	 */
	let rule: { bytes: string; times: number; done: number; holdMs?: number } | undefined
	const sockets = new Set<Socket>()
	const server = createServer((client) => {
		const upstream = createConnection({ port: target, host: '127.0.0.1' })
		// Before the pipe's own listener: the bytes are dropped with the connection.
		client.on('data', (chunk: Buffer) => {
			if (!rule || rule.done >= rule.times || !chunk.includes(rule.bytes)) return
			rule.done++
			if (rule.holdMs === undefined) {
				client.destroy()
				upstream.destroy()
				return
			}
			upstream.pause()
			setTimeout(() => upstream.resume(), rule.holdMs)
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
			const now = { bytes, times, done: 0 }
			rule = now
			return () => now.done
		},
		/**
		 * The next `times` connections whose client sends `bytes` get the target's answers `ms`
		 * late from then on (a slow link, or a Redis too busy to answer in time). Returns how many
		 * were held so far.
		 */
		holdAnswersOn: (bytes: string, times: number, ms: number) => {
			const now = { bytes, times, done: 0, holdMs: ms }
			rule = now
			return () => now.done
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
