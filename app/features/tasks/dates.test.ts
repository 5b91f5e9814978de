import { expect, test } from 'vitest'
import { fromLocalInput, toLocalInput } from './dates'

test('datetime-local values convert on the given zone’s wall clock, both ways', () => {
	expect(toLocalInput('2026-11-23T17:05:00.000Z', 'UTC')).toBe('2026-11-23T17:05')
	expect(toLocalInput('2026-11-23T17:05:00.000Z', 'America/New_York')).toBe('2026-11-23T12:05')
	expect(fromLocalInput('2026-11-23T12:05', 'America/New_York')?.toISOString()).toBe(
		'2026-11-23T17:05:00.000Z',
	)
	expect(fromLocalInput('2026-07-01T08:00', 'America/New_York')?.toISOString()).toBe(
		'2026-07-01T12:00:00.000Z',
	)
	expect(fromLocalInput('2026-03-29T02:30', 'Europe/London')?.toISOString()).toBe(
		'2026-03-29T01:30:00.000Z',
	)
	expect(fromLocalInput('2026-11-23T17:05', 'Asia/Kolkata')?.toISOString()).toBe(
		'2026-11-23T11:35:00.000Z',
	)
	for (const iso of ['2026-01-15T09:00:00.000Z', '2026-10-25T01:30:00.000Z']) {
		expect(fromLocalInput(toLocalInput(iso, 'Europe/Berlin'), 'Europe/Berlin')?.toISOString()).toBe(
			iso,
		)
	}
})

test('malformed or impossible values are null', () => {
	for (const value of [
		'',
		'tomorrow',
		'2026-02-30T10:00',
		'2026-11-23T25:00',
		'2026-11-23 10:00',
	]) {
		expect(fromLocalInput(value, 'UTC')).toBeNull()
	}
	// The clocks went from 1:00 to 2:00 that night in London: 1:30 never happened.
	expect(fromLocalInput('2026-03-29T01:30', 'Europe/London')).toBeNull()
	expect(toLocalInput(null, 'UTC')).toBe('')
})
