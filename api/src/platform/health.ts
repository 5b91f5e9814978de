import { Hono } from 'hono'
import { sql } from 'kysely'
import type { ApiDeps, ApiEnv } from './context.ts'

/** A dependency's check: resolves when it answers, rejects (or times out) when it does not. */
export type HealthCheck = () => Promise<unknown>

/** A check that has not answered by then counts as failed: a load balancer waits no longer. */
export const HEALTH_TIMEOUT_MS = 2_000

function withTimeout(check: HealthCheck): Promise<unknown> {
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise((_, reject) => {
		timer = setTimeout(() => reject(new Error('timed out')), HEALTH_TIMEOUT_MS)
	})
	return Promise.race([check(), timeout]).finally(() => clearTimeout(timer))
}

/**
 * `GET /health`: 200 when every dependency answers (the database's `select 1`, and each check
 * registered in `deps.healthChecks`, e.g. Redis); else 503 naming the failing ones. Reads no
 * session and takes no lock, so a load balancer may poll it often.
 */
export function healthRoutes({ db, healthChecks = {} }: ApiDeps) {
	const checks: Record<string, HealthCheck> = {
		database: () => sql`select 1`.execute(db),
		...healthChecks,
	}
	return new Hono<ApiEnv>().get('/', async (c) => {
		const names = Object.keys(checks)
		const outcomes = await Promise.allSettled(names.map((name) => withTimeout(checks[name]!)))
		const failing = names.filter((_, index) => outcomes[index]?.status === 'rejected')
		const status = Object.fromEntries(
			names.map((name) => [name, failing.includes(name) ? 'unreachable' : 'ok']),
		)
		c.header('Cache-Control', 'no-store')
		if (failing.length === 0) return c.json({ status: 'ok', checks: status })
		for (const [index, name] of names.entries()) {
			const outcome = outcomes[index]
			if (outcome?.status === 'rejected')
				console.error(`Health check ${name} failed:`, outcome.reason)
		}
		return c.json({ status: 'unavailable', failing, checks: status }, 503)
	})
}
