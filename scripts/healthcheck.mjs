// A container's health check (Dockerfile, compose.yaml): exits 0 when the address answers 2xx
// within 4 s, 1 otherwise. The address: the first argument, else this container's app liveness,
// http://127.0.0.1:$PORT/healthz. An API container passes http://127.0.0.1:4000/api/v1/health.
const url = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/healthz`
try {
	const answer = await fetch(url, { signal: AbortSignal.timeout(4000) })
	if (!answer.ok) console.error(`${url} answered ${answer.status}`)
	process.exit(answer.ok ? 0 : 1)
} catch (error) {
	console.error(`${url}: ${error instanceof Error ? error.message : error}`)
	process.exit(1)
}
