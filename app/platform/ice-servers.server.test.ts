import { describe, expect, test } from 'vitest'
import { readIceServers } from './env.server'

describe('ICE_SERVERS', () => {
	test('unset or blank: no servers', () => {
		expect(readIceServers(undefined)).toEqual([])
		expect(readIceServers('  ')).toEqual([])
	})

	test('a STUN and a TURN server with credentials, as RTCPeerConnection takes them', () => {
		const servers = [
			{ urls: 'stun:stun.example.org:3478' },
			{
				urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'],
				username: 'u',
				credential: 'p',
			},
		]
		expect(readIceServers(JSON.stringify(servers))).toEqual(servers)
	})

	test('not JSON, or not ICE servers: an error naming the setting and what is wrong', () => {
		expect(() => readIceServers('stun:stun.example.org')).toThrow(/^ICE_SERVERS must be JSON/)
		expect(() => readIceServers('{"urls":"stun:x"}')).toThrow(
			/^ICE_SERVERS is not a list of ICE servers/,
		)
		expect(() => readIceServers('[{"urls":"https://x"}]')).toThrow(
			/at 0\.urls: an ICE server address starts with stun:/,
		)
		expect(() => readIceServers('[{"urls":"stun:x","password":"p"}]')).toThrow(
			/ICE_SERVERS is not a list/,
		)
	})
})
