import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import dns2 from 'dns2'

// A real DNS server (dns2, over UDP on loopback) for the proof of organizations' domains
// (decision 051): it answers TXT questions with the records a test sets, NXDOMAIN for any other
// name, so the API's resolver meets what it meets on the internet. Given `recordsDir`, a name's
// records are also read from the file `<recordsDir>/<name>.json` (a JSON array of strings) at each
// question: the browser journeys' processes set records that way for the e2e servers' API.

export type TestDnsServer = {
	/** For the API's DNS_SERVERS / config.dnsServers: `127.0.0.1:<port>`. */
	address: string
	/** Sets the TXT records of a name (none: an empty array). */
	setTxt: (name: string, values: string[]) => void
	close: () => Promise<void>
}

const { Packet } = dns2

async function recordsFromDir(dir: string | undefined, name: string): Promise<string[]> {
	if (!dir || !/^[a-z0-9.-]+$/.test(name)) return []
	try {
		const parsed: unknown = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8'))
		return Array.isArray(parsed) ? parsed.filter((value) => typeof value === 'string') : []
	} catch {
		return []
	}
}

export async function startDnsServer({
	recordsDir,
	port = 0,
}: { recordsDir?: string; port?: number } = {}): Promise<TestDnsServer> {
	const records = new Map<string, string[]>()
	const server = dns2.createServer({
		udp: true,
		handle: (request, send) => {
			const response = Packet.createResponseFromRequest(request)
			const [question] = request.questions
			const name = question?.name.toLowerCase().replace(/\.$/, '') ?? ''
			void (async () => {
				const values = [...(records.get(name) ?? []), ...(await recordsFromDir(recordsDir, name))]
				if (question?.type === Packet.TYPE.TXT && values.length > 0) {
					for (const value of values) {
						response.answers.push(
							new Packet.Resource({
								name: question.name,
								type: Packet.TYPE.TXT,
								class: Packet.CLASS.IN,
								ttl: 1,
								data: value,
							}),
						)
					}
				} else if (values.length === 0) {
					response.header.rcode = Packet.RCODE.NXDOMAIN
				}
				send(response)
			})()
		},
	})
	const addresses = await server.listen({ udp: { port, address: '127.0.0.1' } })
	const udp = addresses.udp as { port: number }
	return {
		address: `127.0.0.1:${udp.port}`,
		setTxt: (name, values) => void records.set(name.toLowerCase(), values),
		close: () => server.close().then(() => undefined),
	}
}
