import { expect, test } from 'vitest'
import { countOf } from './plural'

test('one takes the singular; zero, many and fractions the plural', () => {
	expect(countOf(1, 'minute')).toBe('1 minute')
	expect(countOf(0, 'minute')).toBe('0 minutes')
	expect(countOf(45, 'minute')).toBe('45 minutes')
	expect(countOf(1.5, 'hour')).toBe('1.5 hours')
	expect(countOf(1, 'session per week', 'sessions per week')).toBe('1 session per week')
	expect(countOf(3, 'session per week', 'sessions per week')).toBe('3 sessions per week')
})
