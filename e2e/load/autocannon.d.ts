// The part of autocannon 8's programmatic API the load test uses (the package ships no types).
declare module 'autocannon' {
	type RawRequest = {
		method?: string
		path?: string
		headers?: Record<string, string>
		body?: string
	}

	export type AutocannonRequest = RawRequest & {
		setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest
		onResponse?: (
			status: number,
			body: string,
			context: Record<string, unknown>,
			headers: Record<string, string | string[]>,
		) => void
	}

	export type AutocannonOptions = {
		url: string
		connections?: number
		duration?: number
		timeout?: number
		pipelining?: number
		headers?: Record<string, string>
		requests?: AutocannonRequest[]
	}

	type Histogram = {
		average: number
		mean: number
		p50: number
		p90: number
		p99: number
		max: number
		total: number
	}

	export type AutocannonResult = {
		connections: number
		requests: Histogram & { sent: number }
		latency: Histogram
		errors: number
		timeouts: number
		non2xx: number
		mismatches: number
		resets: number
		'1xx': number
		'2xx': number
		'3xx': number
		'4xx': number
		'5xx': number
		statusCodeStats: Record<string, { count: number }>
	}

	export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>
}
