import type { Redis } from 'ioredis'
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { ApiError } from '../platform/errors.ts'
import { createLimiter, waitText } from '../platform/rate-limit.ts'

export type AccountLimitOptions = {
	/** Reset mails one address may ask for per window, whatever the emails. */
	resetPerAddress?: number
	/** Reset mails one email may get per window, from anywhere (no mail-bombing a mailbox). */
	resetPerEmail?: number
	/** Link tokens (reset, verification) one address may present per window. */
	tokensPerAddress?: number
	/** Verification mails one account may ask for again per window. */
	resendsPerAccount?: number
	/** Wrong current passwords one account may give when changing it, per window. */
	passwordChecksPerAccount?: number
	windowSeconds?: number
	/** Counts in Redis, shared by every API process (unset: this process's memory). */
	redis?: Redis
}

/**
 * The account calls' limits (decisions 014 and 023), stored like the login limits: in Redis when
 * the API has one (decision 026), else in this process. Every limit answers the same whether or
 * not an account exists.
 */
export function createAccountLimits({
	resetPerAddress = 10,
	resetPerEmail = 3,
	tokensPerAddress = 30,
	resendsPerAccount = 3,
	passwordChecksPerAccount = 5,
	windowSeconds = 15 * 60,
	redis,
}: AccountLimitOptions = {}) {
	const limiter = (keyPrefix: string, points: number) =>
		createLimiter({ keyPrefix, points, duration: windowSeconds }, redis)
	const resetByAddress = limiter('reset-address', resetPerAddress)
	const resetByEmail = limiter('reset-email', resetPerEmail)
	const tokensByAddress = limiter('account-token-address', tokensPerAddress)
	const resendsByAccount = limiter('verification-resend', resendsPerAccount)
	const passwordChecks = limiter('password-check', passwordChecksPerAccount)

	async function take(limiterOf: RateLimiterAbstract, key: string, what: string) {
		try {
			await limiterOf.consume(key)
		} catch (error) {
			if (!(error instanceof RateLimiterRes)) throw error
			const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000))
			throw new ApiError(429, `Too many ${what}. Try again in ${waitText(seconds)}.`, undefined, {
				'Retry-After': String(seconds),
			})
		}
	}

	return {
		resetRequested: async (address: string, email: string) => {
			await take(resetByAddress, address, 'password reset requests')
			await take(resetByEmail, email, 'password reset requests')
		},
		tokenPresented: (address: string) => take(tokensByAddress, address, 'attempts'),
		resendRequested: (account: string) =>
			take(resendsByAccount, account, 'verification mails asked for'),
		/** Before checking a current password: refuses once the account has had its wrong guesses. */
		async passwordCheckAllowed(account: string) {
			const res = await passwordChecks.get(account)
			if (res && res.consumedPoints >= passwordChecksPerAccount) {
				const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000))
				throw new ApiError(
					429,
					`Too many wrong passwords. Try again in ${waitText(seconds)}.`,
					undefined,
					{
						'Retry-After': String(seconds),
					},
				)
			}
		},
		passwordCheckFailed: (account: string) => passwordChecks.penalty(account),
	}
}
