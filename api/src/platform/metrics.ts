import { createServer, type Server } from 'node:http'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { databasePool, statementsRun, type Db } from '../db.ts'
import { log } from './log.ts'

// The API's Prometheus metrics (prom-client). They are served only by serveMetrics, on a
// listener of their own (API_METRICS_PORT, loopback by default), never on the API's port.
export const registry = new Registry()

export const requestDuration = new Histogram({
	name: 'api_http_request_duration_seconds',
	help: 'API requests by route pattern, method and status',
	labelNames: ['method', 'route', 'status'] as const,
	buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
	registers: [registry],
})

export const mailFailures = new Counter({
	name: 'api_mail_send_failures_total',
	help: 'Mail deliveries that failed, by whether the mail is retried or given up',
	labelNames: ['outcome'] as const,
	registers: [registry],
})

/**
 * A domain's own metrics (live rooms: rooms/metrics.ts, the mail queue: mail/metrics.ts),
 * registered when /metrics is served.
 */
export type DomainMetrics = (registry: Registry) => void

/**
 * Gauges read when scraped: the PostgreSQL pool; and the count of SQL statements run (a scrape's
 * own queries, such as the mail queue's, count in the next).
 */
function registerGauges(db: Db) {
	new Counter({
		name: 'api_db_statements_total',
		help: 'SQL statements this process has run',
		registers: [registry],
		collect() {
			this.reset()
			this.inc(statementsRun())
		},
	})
	const pool = databasePool(db)
	if (!pool) return
	new Gauge({
		name: 'api_db_pool_connections',
		help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
		labelNames: ['state'] as const,
		registers: [registry],
		collect() {
			this.set({ state: 'total' }, pool.totalCount)
			this.set({ state: 'idle' }, pool.idleCount)
			this.set({ state: 'waiting' }, pool.waitingCount)
		},
	})
}

/**
 * Serves GET /metrics on its own address; everything else there is 404. The domains' metrics come
 * in from main.ts, so that the platform imports no domain (decision 044).
 */
export async function serveMetrics(
	db: Db,
	port: number,
	host: string,
	domains: DomainMetrics[] = [],
): Promise<Server> {
	collectDefaultMetrics({ register: registry, prefix: 'api_' })
	registerGauges(db)
	for (const register of domains) register(registry)
	const server = createServer((request, response) => {
		if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
			response.writeHead(404).end()
			return
		}
		registry.metrics().then(
			(text) => response.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
			(error: unknown) => {
				log.error({ err: error }, 'Metrics failed')
				response.writeHead(500).end()
			},
		)
	})
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(port, host, () => resolve())
	})
	log.info(`API metrics on http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics`)
	return server
}
