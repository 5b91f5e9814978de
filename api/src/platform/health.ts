import { Hono } from 'hono'
import { log } from './log.ts'
import { pingDatabase } from '../db.ts'
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

async function runChecks(checks: Record<string, HealthCheck>) {
	const names = Object.keys(checks)
	const outcomes = await Promise.allSettled(names.map((name) => withTimeout(checks[name]!)))
	const down = names.filter((_, index) => outcomes[index]?.status === 'rejected')
	for (const [index, name] of names.entries()) {
		const outcome = outcomes[index]
		if (outcome?.status === 'rejected')
			log.error({ err: outcome.reason }, `Health check ${name} failed`)
	}
	const status = Object.fromEntries(
		names.map((name) => [name, down.includes(name) ? 'unreachable' : 'ok']),
	)
	return { down, status }
}

/**
 * `GET /health` (readiness): the database is what the API cannot work without, so when its
 * `select 1` fails the answer is 503 naming it. Every check in `deps.healthChecks` (Redis) and
 * `deps.roomHealthChecks` (the room bus) is one the API degrades around (limits count in memory,
 * rooms stay within a process): a failing one is reported, 200 `degraded`, so a load balancer
 * does not take every API out during a Redis restart (issue 27). Reads no session and takes no
 * lock, so a load balancer may poll it often.
 *
 * `GET /health/rooms`: readiness for new room sockets. 503 naming what fails when the database
 * or a room check does (`roomBus`: this process is cut off from the other API processes, so its
 * rooms' members would not hear the others'); a balancer routes room sockets by it, and the rest
 * by `/health` (issue 42).
 */
export function healthRoutes({ db, healthChecks = {}, roomHealthChecks = {} }: ApiDeps) {
	const database = () => pingDatabase(db)
	const checks: Record<string, HealthCheck> = { database, ...healthChecks, ...roomHealthChecks }
	return new Hono<ApiEnv>()
		.get('/', async (c) => {
			const { down, status } = await runChecks(checks)
			c.header('Cache-Control', 'no-store')
			if (down.includes('database'))
				return c.json({ status: 'unavailable', failing: ['database'], checks: status }, 503)
			if (down.length > 0) return c.json({ status: 'degraded', degraded: down, checks: status })
			return c.json({ status: 'ok', checks: status })
		})
		.get('/rooms', async (c) => {
			const { down, status } = await runChecks({ database, ...roomHealthChecks })
			c.header('Cache-Control', 'no-store')
			if (down.length > 0)
				return c.json({ status: 'unavailable', failing: down, checks: status }, 503)
			return c.json({ status: 'ok', checks: status })
		})
}
