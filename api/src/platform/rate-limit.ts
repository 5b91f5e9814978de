import { RateLimiterMemory } from 'rate-limiter-flexible'
import { ApiError } from './errors.ts'

export type LoginLimitOptions = {
	/** Failed logins one address may make per window, across all accounts (password spraying). */
	perAddress?: number
	windowSeconds?: number
	/** Failures for one account from one address before each further one costs a wait. */
	freeFailures?: number
	/** The longest wait: the delay doubles with each failure up to this. */
	maxDelaySeconds?: number
}

export const waitText = (seconds: number) =>
	seconds < 60
		? `${seconds} second${seconds === 1 ? '' : 's'}`
		: `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`

/**
 * Login throttling (decisions/014): the attacker is slowed, the account's owner is never locked
 * out. Failures count per client address (a sprayer trying many accounts) and per account *and*
 * address (a guesser at one account gets growing delays), so the real user, logging in from their
 * own address, still gets in while someone else hammers their account.
 *
 * Counts live in rate-limiter-flexible's memory store: one API process. (Several processes need
 * its Redis store, so the limit does not grow with their number.)
 */
export function createLoginLimits({
	perAddress = 20,
	windowSeconds = 60,
	freeFailures = 5,
	maxDelaySeconds = 15 * 60,
}: LoginLimitOptions = {}) {
	const byAddress = new RateLimiterMemory({
		keyPrefix: 'login-fail-address',
		points: perAddress,
		duration: windowSeconds,
	})
	// Consecutive failures of one account from one address; a success clears them.
	const byAccount = new RateLimiterMemory({
		keyPrefix: 'login-fail-account',
		points: 10_000,
		duration: 24 * 60 * 60,
	})
	// The wait before that account may be tried again from that address.
	const delays = new RateLimiterMemory({ keyPrefix: 'login-delay', points: 1, duration: 1 })

	const refusal = (ms: number) => {
		const seconds = Math.max(1, Math.ceil(ms / 1000))
		return new ApiError(
			429,
			`Too many failed login attempts. Try again in ${waitText(seconds)}.`,
			undefined,
			{ 'Retry-After': String(seconds) },
		)
	}

	return {
		/**
		 * Admits one login attempt or throws the 429. The address counts it as a failure from
		 * here on, so a burst sent in parallel is capped too, until `succeeded` takes it back.
		 */
		async admit(address: string, account: string) {
			const sprayer = await byAddress.penalty(address)
			if (sprayer.consumedPoints > perAddress) throw refusal(sprayer.msBeforeNext)
			const delay = await delays.get(`${account}|${address}`)
			if (delay && delay.consumedPoints > 1) {
				await byAddress.reward(address)
				throw refusal(delay.msBeforeNext)
			}
		},
		/** Whether that account must wait before it is tried again from that address (no attempt is counted). */
		async waiting(address: string, account: string) {
			const delay = await delays.get(`${account}|${address}`)
			return Boolean(delay && delay.consumedPoints > 1)
		},
		/** A wrong password: from the last free failure on, the next try waits 1, 2, 4 … seconds. */
		async failed(address: string, account: string) {
			const key = `${account}|${address}`
			const failures = await byAccount.penalty(key)
			const beyond = failures.consumedPoints - freeFailures
			if (beyond >= 0) await delays.block(key, Math.min(2 ** beyond, maxDelaySeconds))
		},
		/** The right password: the attempt was no failure, and the account's count starts again. */
		async succeeded(address: string, account: string) {
			const key = `${account}|${address}`
			await Promise.all([byAddress.reward(address), byAccount.delete(key), delays.delete(key)])
		},
	}
}
