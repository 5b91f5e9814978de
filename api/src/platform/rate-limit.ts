import type { Redis } from 'ioredis'
import {
	RateLimiterMemory,
	RateLimiterRedis,
	type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import { ApiError } from './errors.ts'
import { phrase, type Phrase } from './i18n.ts'
import { redisFailed, redisUsable } from './redis.ts'

export type LimiterOptions = { keyPrefix: string; points: number; duration: number }

/**
 * A counter in Redis when the API has one, so every API process counts against the same limit
 * (docs/decisions/026); else in this process's memory. If Redis stops answering, the count goes
 * on in memory (rate-limiter-flexible's insurance limiter) rather than failing the request: within
 * one command timeout, and at once while the circuit is open (redis.ts, docs/decisions/058).
 */
export function createLimiter(options: LimiterOptions, redis?: Redis): RateLimiterAbstract {
	const memory = new RateLimiterMemory(options)
	if (!redis) return memory
	return new RedisLimiter(
		{
			...options,
			keyPrefix: `tutorhub:${options.keyPrefix}`,
			storeClient: redis,
			rejectIfRedisNotReady: true,
			insuranceLimiter: memory,
		},
		redis,
		memory,
	)
}

/** rate-limiter-flexible's own steps, which this limiter watches (not in its typings). */
type StoreSteps = {
	_isRedisReady: () => boolean
	_upsert: (...args: unknown[]) => Promise<unknown>
	_get: (...args: unknown[]) => Promise<unknown>
	_delete: (...args: unknown[]) => Promise<unknown>
}

/**
 * rate-limiter-flexible's Redis limiter asks ioredis's `status` whether Redis is ready, which
 * stays 'ready' while Redis is frozen or the link black-holed (issue 42): here it asks whether
 * the circuit is closed too (redisUsable), and any failed or timed-out step opens the circuit,
 * so the following requests count in memory at once. It did not check before `delete` either:
 * while Redis was away, clearing a count (a good login) waited for the whole outage (issue 27).
 * Here a delete with Redis away clears the memory count at once, and one Redis does not answer
 * in time is given up (the count expires by itself).
 */
class RedisLimiter extends RateLimiterRedis {
	private readonly redis: Redis
	private readonly memory: RateLimiterMemory

	constructor(
		options: ConstructorParameters<typeof RateLimiterRedis>[0],
		redis: Redis,
		memory: RateLimiterMemory,
	) {
		super(options)
		this.redis = redis
		this.memory = memory
		const steps = this as unknown as StoreSteps
		steps._isRedisReady = () => redisUsable(redis)
		for (const name of ['_upsert', '_get', '_delete'] as const) {
			const step = steps[name].bind(this)
			steps[name] = (...args) =>
				step(...args).catch((error: unknown) => {
					redisFailed(redis)
					throw error
				})
		}
	}

	override async delete(key: string | number, options?: Record<string, unknown>) {
		const inMemory = this.memory.delete(key, options)
		if (!redisUsable(this.redis)) return inMemory
		let timer: NodeJS.Timeout | undefined
		const late = new Promise<boolean>((resolve) => {
			timer = setTimeout(() => resolve(false), REDIS_WAIT_MS)
		})
		try {
			return await Promise.race([super.delete(key, options), late])
		} finally {
			clearTimeout(timer)
		}
	}
}

/** The longest a request waits on Redis for something it can do without. */
export const REDIS_WAIT_MS = 500

export type LoginLimitOptions = {
	/** Failed logins one address may make per window, across all accounts (password spraying). */
	perAddress?: number
	windowSeconds?: number
	/** Failures for one account from one address before each further one costs a wait. */
	freeFailures?: number
	/** The longest wait: the delay doubles with each failure up to this. */
	maxDelaySeconds?: number
	/** Counts in Redis, shared by every API process (unset: this process's memory). */
	redis?: Redis
}

/**
 * How long to wait, in the reader's language with its plural ("1 second", "5 minutes"): under a
 * minute in seconds, else in whole minutes rounded up. A value of a refusal's phrase (`Try again
 * in {wait}.`), said when the 429 is answered (decision 067).
 */
export const waitFor = (seconds: number): Phrase =>
	seconds < 60
		? phrase('{count, plural, one {# second} other {# seconds}}', { count: seconds })
		: phrase('{count, plural, one {# minute} other {# minutes}}', {
				count: Math.ceil(seconds / 60),
			})

/** A 429 whose text says how long to wait (`Too many … Try again in {wait}.`), with Retry-After. */
export const tooMany = (message: string, seconds: number) =>
	new ApiError(429, phrase(message, { wait: waitFor(seconds) }), undefined, {
		'Retry-After': String(seconds),
	})

/**
 * Login throttling (decisions/014): the attacker is slowed, the account's owner is never locked
 * out. Failures count per client address (a sprayer trying many accounts) and per account *and*
 * address (a guesser at one account gets growing delays), so the real user, logging in from their
 * own address, still gets in while someone else hammers their account.
 *
 * With `REDIS_URL` the counts live in Redis, so the limits hold across any number of API
 * processes; without it, in this process's memory.
 */
export function createLoginLimits({
	perAddress = 20,
	windowSeconds = 60,
	freeFailures = 5,
	maxDelaySeconds = 15 * 60,
	redis,
}: LoginLimitOptions = {}) {
	const byAddress = createLimiter(
		{ keyPrefix: 'login-fail-address', points: perAddress, duration: windowSeconds },
		redis,
	)
	// Consecutive failures of one account from one address; a success clears them.
	const byAccount = createLimiter(
		{ keyPrefix: 'login-fail-account', points: 10_000, duration: 24 * 60 * 60 },
		redis,
	)
	// The wait before that account may be tried again from that address.
	const delays = createLimiter({ keyPrefix: 'login-delay', points: 1, duration: 1 }, redis)

	const refusal = (ms: number) => {
		const seconds = Math.max(1, Math.ceil(ms / 1000))
		return new ApiError(
			429,
			phrase('Too many failed login attempts. Try again in {wait}.', { wait: waitFor(seconds) }),
			undefined,
			{ 'Retry-After': String(seconds) },
		)
	}

	// The attempt under way for each account from each address (see oneAtATime).
	const underWay = new Map<string, Promise<unknown>>()

	return {
		/**
		 * Runs a login attempt once any other of that account from that address has finished. A
		 * burst sent in parallel is then judged one by one, so the delay one failure sets reaches
		 * the next attempt: on PostgreSQL several passwords are checked at once (PGlite's single
		 * connection happened to queue them). Right passwords sent at once all get in, in turn.
		 */
		async oneAtATime<T>(address: string, account: string, attempt: () => Promise<T>): Promise<T> {
			const key = `${account}|${address}`
			const current = (underWay.get(key) ?? Promise.resolve()).then(attempt)
			const done = current.then(
				() => {},
				() => {},
			)
			underWay.set(key, done)
			try {
				return await current
			} finally {
				if (underWay.get(key) === done) underWay.delete(key)
			}
		},
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
