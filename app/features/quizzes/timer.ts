// The test timer's arithmetic (spec sections 4 and 9): test time is timeLimit x 60 seconds,
// counted down from the server's deadline, announced to screen readers only at thresholds.

/** Seconds at which the time left is announced: 10, 5 and 1 minutes. */
export const ANNOUNCE_AT = [600, 300, 60] as const

export const quizSeconds = (timeLimitMinutes: number) => timeLimitMinutes * 60

/** Whole seconds left until the deadline, never negative. */
export function remainingSeconds(deadline: string | number, now: number): number {
	const end = typeof deadline === 'number' ? deadline : Date.parse(deadline)
	return Math.max(0, Math.ceil((end - now) / 1000))
}

/** 754 -> "12:34", 3725 -> "1:02:05". */
export function formatRemaining(seconds: number): string {
	const whole = Math.max(0, Math.floor(seconds))
	const hours = Math.floor(whole / 3600)
	const minutes = Math.floor((whole % 3600) / 60)
	const rest = String(whole % 60).padStart(2, '0')
	return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`
}

/** The sentence a screen reader hears when the countdown passes a threshold, else null. */
export function thresholdAnnouncement(before: number, after: number): string | null {
	const crossed = ANNOUNCE_AT.filter((threshold) => before > threshold && after <= threshold)
	const last = crossed[crossed.length - 1]
	if (last === undefined || after === 0) return null
	const minutes = last / 60
	return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left`
}
