export type FailureLimiterOptions = {
	limit?: number
	windowMs?: number
	/** Keys kept at most; expired windows go first, then the oldest. */
	maxKeys?: number
	now?: () => number
}

/**
 * Counts failures per key in a fixed window starting at the first failure; once `limit` is
 * reached the key stays blocked until that window ends.
 */
export function createFailureLimiter({
	limit = 10,
	windowMs = 15 * 60 * 1000,
	maxKeys = 10_000,
	now = Date.now,
}: FailureLimiterOptions = {}) {
	const windows = new Map<string, { failures: number; endsAt: number }>()

	const prune = (time: number) => {
		for (const [key, window] of windows) if (window.endsAt <= time) windows.delete(key)
		for (const key of windows.keys()) {
			if (windows.size < maxKeys) break
			windows.delete(key)
		}
	}

	return {
		isBlocked(key: string): boolean {
			const window = windows.get(key)
			if (!window) return false
			if (window.endsAt <= now()) {
				windows.delete(key)
				return false
			}
			return window.failures >= limit
		},
		recordFailure(key: string): void {
			const time = now()
			const window = windows.get(key)
			if (window && window.endsAt > time) {
				window.failures += 1
				return
			}
			windows.delete(key)
			if (windows.size >= maxKeys) prune(time)
			windows.set(key, { failures: 1, endsAt: time + windowMs })
		},
	}
}
