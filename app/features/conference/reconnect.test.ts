import { expect, test } from 'vitest'
import { newClientId, RECONNECT_CAP_MS, reconnectDelay } from './reconnect'

test('the wait doubles with each failed try and stops at the cap', () => {
	expect([0, 1, 2, 3, 4, 10, 100].map((attempt) => reconnectDelay(attempt, 1))).toEqual([
		1000, 2000, 4000, 5000, 5000, 5000, 5000,
	])
	expect(reconnectDelay(1000, 1)).toBe(RECONNECT_CAP_MS)
})

test('jitter spreads each wait between half and all of it', () => {
	expect(reconnectDelay(0, 0)).toBe(500)
	expect(reconnectDelay(2, 0)).toBe(2000)
	expect(reconnectDelay(2, 0.5)).toBe(3000)
	expect(reconnectDelay(20, 0)).toBe(RECONNECT_CAP_MS / 2)
})

test('client ids are 32 hex digits, a new one each time', () => {
	const ids = new Set(Array.from({ length: 100 }, newClientId))
	expect(ids.size).toBe(100)
	for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/)
})
