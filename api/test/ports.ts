import { createServer } from 'node:net'

/** A free TCP port on the loopback interface, for an API process a test starts. */
export const freePort = () =>
	new Promise<number>((resolve) => {
		const server = createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number }
			server.close(() => resolve(port))
		})
	})
