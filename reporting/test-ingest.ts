// A stand-in for Sentry's ingest on 127.0.0.1: takes envelopes as the SDKs send them (POST
// /api/{project}/envelope/, gzip or not, from Node or from a browser on another origin) and keeps
// each item with the raw text it came in, so a test can count events and search for secrets.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'

export type IngestItem = { type: string; payload: Record<string, unknown>; raw: string }

export type SentryIngest = {
	/** A DSN that sends here. */
	dsn: string
	/** Every envelope's raw text, in arrival order. */
	envelopes: string[]
	items: IngestItem[]
	/** Error events (not transactions, sessions or client reports). */
	errors(): Array<Record<string, unknown>>
	close(): Promise<void>
}

export async function startSentryIngest(): Promise<SentryIngest> {
	const envelopes: string[] = []
	const items: IngestItem[] = []
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = []
		request.on('data', (chunk: Buffer) => chunks.push(chunk))
		request.on('end', () => {
			// The browser SDK posts across origins.
			response.setHeader('Access-Control-Allow-Origin', '*')
			if (request.method !== 'POST') {
				response.setHeader('Access-Control-Allow-Headers', '*')
				return response.end()
			}
			let body = Buffer.concat(chunks)
			if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body)
			const text = body.toString('utf8')
			envelopes.push(text)
			const lines = text.split('\n')
			for (let index = 1; index + 1 < lines.length; index += 2) {
				const header = JSON.parse(lines[index] ?? '{}') as { type?: string }
				const raw = lines[index + 1] ?? ''
				let payload: Record<string, unknown> = {}
				try {
					payload = JSON.parse(raw) as Record<string, unknown>
				} catch {
					// An attachment or other binary item: kept as raw text only.
				}
				items.push({ type: header.type ?? 'unknown', payload, raw })
			}
			response.writeHead(200, { 'Content-Type': 'application/json' })
			response.end('{}')
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		dsn: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${port}/1`,
		envelopes,
		items,
		errors: () => items.filter((item) => item.type === 'event').map((item) => item.payload),
		close: () => new Promise((resolve) => server.close(() => resolve())),
	}
}
