// The test timer's arithmetic (spec sections 4 and 9): test time is timeLimit x 60 seconds,
// counted down from the server's deadline, announced to screen readers only at thresholds.
import { plural } from '@lingui/core/macro'
import { formatNumber } from '~/platform/numbers'

/** Seconds at which the time left is announced: 10, 5 and 1 minutes. */
export const ANNOUNCE_AT = [600, 300, 60] as const

export const quizSeconds = (timeLimitMinutes: number) => timeLimitMinutes * 60

/** Whole seconds left until the deadline, never negative. */
export function remainingSeconds(deadline: string | number, now: number): number {
	const end = typeof deadline === 'number' ? deadline : Date.parse(deadline)
	return Math.max(0, Math.ceil((end - now) / 1000))
}

/**
 * 754 -> "12:34", 3725 -> "1:02:05", in the page's digits (Arabic's own: "١٢:٣٤"). Hours, minutes
 * and seconds always read from the largest on the left, as a clock does in every language; the
 * timer shows it in a left-to-right span, so a right-to-left page does not swap its parts.
 */
export function formatRemaining(seconds: number): string {
	const whole = Math.max(0, Math.floor(seconds))
	const hours = Math.floor(whole / 3600)
	const minutes = Math.floor((whole % 3600) / 60)
	const zero = formatNumber(0)
	const digits = (value: number, width = 1) => formatNumber(value, 0).padStart(width, zero)
	const rest = digits(whole % 60, 2)
	return hours > 0 ? `${digits(hours)}:${digits(minutes, 2)}:${rest}` : `${digits(minutes)}:${rest}`
}

/** The sentence a screen reader hears when the countdown passes a threshold, else null. */
export function thresholdAnnouncement(before: number, after: number): string | null {
	const crossed = ANNOUNCE_AT.filter((threshold) => before > threshold && after <= threshold)
	const last = crossed[crossed.length - 1]
	if (last === undefined || after === 0) return null
	const minutes = last / 60
	return plural(minutes, { one: '# minute left', other: '# minutes left' })
}
