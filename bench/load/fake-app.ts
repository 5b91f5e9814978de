// A real HTTP server on loopback standing in for the app in the load bench's tests: a test file
// gives the handler, reads the address from `app.url` once its tests run, and the server and the
// generator's pooled connections are closed after the file.
import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import { closeConnections } from './browser.mjs'

export function fakeApp(
	handler: (request: IncomingMessage, response: ServerResponse) => void | Promise<void>,
) {
	const app = { url: '' }
	let server: Server
	beforeAll(async () => {
		server = createServer((request, response) => void handler(request, response))
		server.listen(0, '127.0.0.1')
		await once(server, 'listening')
		app.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	})
	afterAll(async () => {
		await closeConnections()
		server.closeAllConnections()
		server.close()
	})
	return app
}
