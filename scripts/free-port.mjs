// A TCP port the system has free on the loopback interface, for a server a script starts (a
// fixed port may be another's: decision 068's bench runs met one).
import { createServer } from 'node:net'

/** Resolves with a port nothing listens on now; the caller's server takes it next. */
export function freePort() {
	return new Promise((resolve, reject) => {
		const server = createServer()
		server.once('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address()
			server.close(() => resolve(port))
		})
	})
}
