import { expect, test } from 'vitest'
import { formatRemaining, remainingSeconds, quizSeconds, thresholdAnnouncement } from './timer'

test('test time is timeLimit x 60 seconds', () => {
	expect(quizSeconds(15)).toBe(900)
})

test('remaining seconds count down to the deadline and stop at zero', () => {
	const deadline = '2026-11-21T12:15:00.000Z'
	expect(remainingSeconds(deadline, Date.parse('2026-11-21T12:00:00.000Z'))).toBe(900)
	expect(remainingSeconds(deadline, Date.parse('2026-11-21T12:14:59.500Z'))).toBe(1)
	expect(remainingSeconds(deadline, Date.parse('2026-11-21T12:20:00.000Z'))).toBe(0)
})

test('remaining time reads as m:ss, or h:mm:ss from an hour', () => {
	expect(formatRemaining(754)).toBe('12:34')
	expect(formatRemaining(59)).toBe('0:59')
	expect(formatRemaining(3725)).toBe('1:02:05')
	expect(formatRemaining(-3)).toBe('0:00')
})

test('screen readers hear the time only when it passes 10, 5 and 1 minutes', () => {
	expect(thresholdAnnouncement(601, 600)).toBe('10 minutes left')
	expect(thresholdAnnouncement(600, 599)).toBeNull()
	expect(thresholdAnnouncement(420, 419)).toBeNull()
	expect(thresholdAnnouncement(301, 299)).toBe('5 minutes left')
	expect(thresholdAnnouncement(61, 60)).toBe('1 minute left')
	expect(thresholdAnnouncement(59, 58)).toBeNull()
	// A long pause (a sleeping laptop) that skips several thresholds announces the latest one.
	expect(thresholdAnnouncement(900, 120)).toBe('5 minutes left')
	expect(thresholdAnnouncement(90, 0)).toBeNull()
})
