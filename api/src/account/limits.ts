import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { AccountLimitOptions, ApiDeps } from '../platform/context.ts'
import { msg } from '../platform/i18n.ts'
import { createLimiter, tooMany } from '../platform/rate-limit.ts'

/**
 * The account calls' limits (decisions 014 and 023), stored like the login limits: in Redis when
 * the API has one (decision 026), else in this process. Every limit answers the same whether or
 * not an account exists.
 */
export function createAccountLimits({
	resetPerAddress = 10,
	resetPerEmail = 3,
	// A school's 5,000 pupils may come from one public address, each opening a link and pressing its
	// button (two presentations); a token is 32 random bytes, so this stops hammering, not guessing.
	tokensPerAddress = 300,
	resendsPerAccount = 3,
	passwordChecksPerAccount = 5,
	mailsPerRecipient = 6,
	invitationsPerOrganization = 50,
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
	const hour = 60 * 60
	const mailsByRecipient = createLimiter(
		{ keyPrefix: 'mail-recipient', points: mailsPerRecipient, duration: hour },
		redis,
	)
	const invitationsByOrganization = createLimiter(
		{ keyPrefix: 'invitation-organization', points: invitationsPerOrganization, duration: hour },
		redis,
	)

	/** Counts one against `limiterOf`, or throws its 429 (`refusal`: a message with `{wait}`). */
	async function take(limiterOf: RateLimiterAbstract, key: string, refusal: string) {
		try {
			await limiterOf.consume(key)
		} catch (error) {
			if (!(error instanceof RateLimiterRes)) throw error
			throw tooMany(refusal, Math.max(1, Math.ceil(error.msBeforeNext / 1000)))
		}
	}

	return {
		resetRequested: async (address: string, email: string) => {
			await take(
				resetByAddress,
				address,
				msg('Too many password reset requests. Try again in {wait}.'),
			)
			await take(resetByEmail, email, msg('Too many password reset requests. Try again in {wait}.'))
		},
		tokenPresented: (address: string) =>
			take(tokensByAddress, address, msg('Too many attempts. Try again in {wait}.')),
		resendRequested: (account: string) =>
			take(
				resendsByAccount,
				account,
				msg('Too many verification mails asked for. Try again in {wait}.'),
			),
		/**
		 * "I can't use my codes" (decision 053): 3 links per account in 15 minutes. Not per address:
		 * the password was right, and a school's pupils share one address.
		 */
		wayBackRequested: (account: string) =>
			take(
				resendsByAccount,
				`two-factor-recovery:${account}`,
				msg('Too many links asked for. Try again in {wait}.'),
			),
		/** Before checking a current password: refuses once the account has had its wrong guesses. */
		async passwordCheckAllowed(account: string) {
			const res = await passwordChecks.get(account)
			if (res && res.consumedPoints >= passwordChecksPerAccount) {
				const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000))
				throw tooMany('Too many wrong passwords. Try again in {wait}.', seconds)
			}
		},
		passwordCheckFailed: (account: string) => passwordChecks.penalty(account),
		/** A mail someone asked for to an address of their choosing: refused once it has had its share. */
		mailTo: (email: string) =>
			take(
				mailsByRecipient,
				email.toLowerCase(),
				msg('Too many mails to this address. Try again in {wait}.'),
			),
		/**
		 * The same count, for a mail whose sending nobody waits on (a sign-up's, an invitation's):
		 * false once the address has had its share, and the mail is then left out silently, so the
		 * sender learns nothing of it.
		 */
		async mayMail(email: string) {
			try {
				await mailsByRecipient.consume(email.toLowerCase())
				return true
			} catch (error) {
				if (!(error instanceof RateLimiterRes)) throw error
				return false
			}
		},
		invitationSent: (organizationId: string) =>
			take(
				invitationsByOrganization,
				organizationId,
				msg('Too many invitations. Try again in {wait}.'),
			),
		/** The organization's invitations an hour (a roster import's rows over it wait, decision 054). */
		invitationsPerHour: invitationsPerOrganization,
		/** How many more invitations the organization may send in this hour's window. */
		async invitationsLeft(organizationId: string) {
			const res = await invitationsByOrganization.get(organizationId)
			return Math.max(0, invitationsPerOrganization - (res?.consumedPoints ?? 0))
		},
		/**
		 * Takes up to `wanted` of the organization's invitations at once (a roster import's): answers
		 * how many it got, which may be none.
		 */
		async takeInvitations(organizationId: string, wanted: number) {
			const granted = Math.min(wanted, await this.invitationsLeft(organizationId))
			if (granted === 0) return 0
			try {
				await invitationsByOrganization.consume(organizationId, granted)
				return granted
			} catch (error) {
				// Another call took them meanwhile: none now (what it took counts either way).
				if (!(error instanceof RateLimiterRes)) throw error
				return 0
			}
		},
	}
}

export type AccountLimits = ReturnType<typeof createAccountLimits>

const limitsOfApi = new WeakMap<object, AccountLimits>()

/**
 * The one set of account limits of an API (every route module that mails counts against the same
 * counters, which in memory means the same object).
 */
export function accountLimitsOf(deps: ApiDeps): AccountLimits {
	let limits = limitsOfApi.get(deps)
	if (!limits) {
		limits = createAccountLimits({ ...deps.config.accountLimits, redis: deps.redis?.commands })
		limitsOfApi.set(deps, limits)
	}
	return limits
}
