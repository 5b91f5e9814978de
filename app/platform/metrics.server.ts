import { Counter, Histogram, register } from 'prom-client'

// The app's own Prometheus series, in prom-client's default registry, which server.mjs serves on
// its private metrics listener (METRICS_PORT) beside the request durations it records itself.

/** Calls to the API by method and outcome: its status, or `timeout` / `network`. */
export const upstreamCalls = new Counter({
	name: 'app_upstream_requests_total',
	help: 'Calls from the app to the API, by method and status (or timeout, network)',
	labelNames: ['method', 'status'] as const,
	registers: [register],
})

export const upstreamDuration = new Histogram({
	name: 'app_upstream_request_duration_seconds',
	help: 'Time the API took to answer the app, by method',
	labelNames: ['method'] as const,
	buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
	registers: [register],
})

/** GETs answered from the response cache (hit) or asked of the API (miss). */
export const upstreamCache = new Counter({
	name: 'app_upstream_cache_total',
	help: 'Cacheable GETs to the API: answered from the cache (hit) or asked (miss)',
	labelNames: ['outcome'] as const,
	registers: [register],
})

/** Visitors' pages answered whole from the page cache (hit) or rendered (miss). */
export const pageCache = new Counter({
	name: 'app_page_cache_total',
	help: "Visitors' page requests: answered from the page cache (hit) or rendered (miss)",
	labelNames: ['outcome'] as const,
	registers: [register],
})
