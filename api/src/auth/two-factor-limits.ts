import type { Redis } from 'ioredis'
import { ApiError } from '../platform/errors.ts'
import { phrase } from '../platform/i18n.ts'
import { createLimiter, waitFor } from '../platform/rate-limit.ts'

// Wrong two-factor codes per account, whatever the address (issue 38, decision 053). The login's
// own limits count per address and per account *from* an address, which never locks out the
// owner; but whoever reaches the code step already has the password, and 40 addresses gave 200
// wrong codes to one account. Here every address counts against the account.

export const TWO_FACTOR_THROTTLED = (seconds: number) =>
	phrase('Too many wrong codes were entered for this account. Try again in {wait}.', {
		wait: waitFor(seconds),
	})

export type TwoFactorLimitOptions = {
	/** Wrong codes an account may get before each further one locks its code step for a while. */
	freeFailures?: number
	/** The first lock; each further wrong code doubles it. */
	firstLockSeconds?: number
	/** The longest lock. */
	maxLockSeconds?: number
	/** How long the count of wrong codes lasts after the first of them (a right code clears it). */
	windowSeconds?: number
	/** At most one warning mail per account in this long. */
	mailEverySeconds?: number
	redis?: Redis
}

/**
 * 10 wrong codes are free; the 10th locks the account's code step for 1 minute, and each wrong
 * code after it doubles the lock (2, 4, 8 … minutes, at most an hour). The right code is refused
 * while locked: otherwise the lock would slow nothing. The count lasts 24 hours, so waiting out a
 * lock does not start the doubling again. Counts live in Redis when the API has one, so every API
 * process counts against the same lock (decision 026).
 */
export function createTwoFactorLimits({
	freeFailures = 10,
	firstLockSeconds = 60,
	maxLockSeconds = 60 * 60,
	windowSeconds = 24 * 60 * 60,
	mailEverySeconds = 60 * 60,
	redis,
}: TwoFactorLimitOptions = {}) {
	const failures = createLimiter(
		{ keyPrefix: 'two-factor-fail', points: 1_000_000, duration: windowSeconds },
		redis,
	)
	const locks = createLimiter({ keyPrefix: 'two-factor-lock', points: 1, duration: 1 }, redis)
	const warnings = createLimiter(
		{ keyPrefix: 'two-factor-warned', points: 1, duration: mailEverySeconds },
		redis,
	)

	const lockFor = (count: number) =>
		Math.min(firstLockSeconds * 2 ** (count - freeFailures), maxLockSeconds)

	const refusal = (ms: number) => {
		const seconds = Math.max(1, Math.ceil(ms / 1000))
		const message = TWO_FACTOR_THROTTLED(seconds)
		return new ApiError(429, message, [{ path: 'code', msg: message }], {
			'Retry-After': String(seconds),
		})
	}

	return {
		/**
		 * Admits one code for the account or throws the 429. The attempt counts as a wrong code from
		 * here on (a success takes it back), so a burst sent at once from many addresses is capped
		 * too: past the free ones, each admitted attempt locks the next ones out at once.
		 */
		async admit(account: string) {
			const lock = await locks.get(account)
			if (lock && lock.consumedPoints > 1) throw refusal(lock.msBeforeNext)
			const counted = await failures.penalty(account)
			if (counted.consumedPoints > freeFailures) {
				await locks.block(account, lockFor(counted.consumedPoints))
			}
		},
		/**
		 * A wrong code (already counted by `admit`): from the last free one on, the account's code
		 * step locks. Answers whether to warn the owner now (once per `mailEverySeconds`).
		 */
		async failed(account: string): Promise<boolean> {
			const counted = await failures.get(account)
			const count = counted?.consumedPoints ?? 0
			if (count < freeFailures) return false
			await locks.block(account, lockFor(count))
			try {
				await warnings.consume(account)
				return true
			} catch {
				return false
			}
		},
		/** The right code: the count starts again and no lock stays. */
		async succeeded(account: string) {
			await Promise.all([failures.delete(account), locks.delete(account)])
		},
	}
}
