// The app's production server: react-router-serve's behaviour (compression, immutable assets,
// public files, the React Router handler) plus one thing it cannot do: pass live-room WebSocket
// upgrades on to the API. The browser only ever talks to this origin (CSP connect-src 'self', and
// the API listens on 127.0.0.1), so /api/v1/rooms/{id}/socket is tunnelled to API_URL as is. The
// socket authenticates with a single-use ticket the room page's loader obtained with the user's
// bearer token, so no token reaches browser JavaScript and no cookie is forwarded.
//
// It is plain node:http, not Express: Express's routing and request decoration were a tenth of a
// signed-in page's cost (bench), and pages need none of it. The request and response are bridged
// to the Fetch API as @react-router/express does it: same URL, headers, abort and streaming.
//
// Env: PORT (3000), HOST, BUILD_DIR (build) or the server build path as the first argument, API_URL,
// SENTRY_DSN (and SENTRY_ENVIRONMENT, SENTRY_RELEASE) to report errors, TRUST_PROXY (below),
// LOG_LEVEL (info), METRICS_PORT and METRICS_HOST (Prometheus metrics on a private listener).
//
// GET /healthz answers 200 "ok" from here, before any page or session work: the process is up.
// Every request gets a request id (X-Request-Id: a trusted proxy's, else a new one), answered,
// sent to the API with each call the page makes, and logged on the request's one JSON line.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import { resolve } from 'node:path'
import { PassThrough } from 'node:stream'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import compression from 'compression'
import { pino } from 'pino'
import { Gauge, Histogram, collectDefaultMetrics, register } from 'prom-client'
import serveStatic from 'serve-static'

const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 22)) {
	// The machine's own node, too old: npm ci installed the one to use (docs/decisions/016).
	console.error(
		`TutorHub needs Node 22.22 or later, not ${process.version}: start it with npm run app (or node_modules/.bin/node server.mjs), which npm ci set up`,
	)
	process.exit(1)
}

process.env.NODE_ENV = process.env.NODE_ENV ?? 'production'
const buildPath = resolve(process.argv[2] ?? `${process.env.BUILD_DIR ?? 'build'}/server/index.js`)
// Sentry's release: SENTRY_RELEASE, else the id npm run build wrote beside the build
// (build/release.txt), else the checkout's commit. Set before the build loads: its pages get it too.
const { runtimeRelease } = await import('./reporting/release.ts')
const release = runtimeRelease(process.env, resolve(buildPath, '../../release.txt'))
if (release) process.env.SENTRY_RELEASE = release
// Error reporting starts before the app is loaded, however the server was started.
if (process.env.SENTRY_DSN) await import('./instrument.server.mjs')
// Imported once NODE_ENV is set: React picks its production or development build on first load.
const { RouterContextProvider, createContext, createRequestHandler, matchRoutes } =
	await import('react-router')
const { unstable_preloadRoutePattern } = await import('react-router/route-pattern')
const { createReadableStreamFromReadable } = await import('@react-router/node')

// The build reads its settings as it loads (app/platform/env.server.ts): a missing or bad one
// stops the start here, named in one line.
const build = await import(pathToFileURL(buildPath).href).catch((error) => {
	console.error(`App failed to start: ${error instanceof Error ? error.message : error}`)
	process.exit(1)
})
const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST
const log = pino({ name: 'app', level: process.env.LOG_LEVEL || 'info' })
const apiUrl = new URL((process.env.API_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, ''))

/**
 * TRUST_PROXY: how many proxies (load balancers) stand in front of this server. Unset or 0, the
 * X-Forwarded-* headers are ignored, since anyone can send them. 1 (or `true`), N: the scheme and
 * host come from X-Forwarded-Proto and X-Forwarded-Host (their first value, set by the outermost
 * proxy), and the client's address is the one the Nth proxy from here saw in X-Forwarded-For.
 */
function trustedProxies(raw = '') {
	const value = raw.trim().toLowerCase()
	if (value === '' || value === '0' || value === 'false') return 0
	if (value === 'true') return 1
	if (/^\d{1,2}$/.test(value)) return Number(value)
	console.error(
		`TRUST_PROXY must be 0, 1 (or true) or the number of proxies in front, not "${raw}"`,
	)
	process.exit(1)
}
const trustProxy = trustedProxies(process.env.TRUST_PROXY)

/** METRICS_PORT: Prometheus metrics on METRICS_HOST (127.0.0.1) at this port; unset, none. */
function metricsAddress(rawPort = '', rawHost = '') {
	const value = rawPort.trim()
	if (value === '') return null
	if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65_535) {
		console.error(`METRICS_PORT must be a port number from 1 to 65535, not "${rawPort}"`)
		process.exit(1)
	}
	return { port: Number(value), host: rawHost.trim() || '127.0.0.1' }
}
const metrics = metricsAddress(process.env.METRICS_PORT, process.env.METRICS_HOST)

const firstValue = (header) =>
	(Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim() ?? ''

/** What a request id may be: short, and nothing that could forge or break a log line. */
const REQUEST_ID = /^[\w.:@-]{1,128}$/
/** A trusted proxy's X-Request-Id (only with TRUST_PROXY: anyone can send one), else a new one. */
function requestIdOf(request) {
	const sent = firstValue(request.headers['x-request-id'])
	return trustProxy && REQUEST_ID.test(sent) ? sent : randomUUID()
}

/** The scheme, host and client address the request is for: the socket's, or as trusted proxies say. */
function origin(request) {
	const socketAddress = request.socket.remoteAddress ?? ''
	const directHost = request.headers.host ?? ''
	if (!trustProxy) return { scheme: 'http', host: directHost, address: socketAddress }
	const proto = firstValue(request.headers['x-forwarded-proto']).toLowerCase()
	const chain = (request.headers['x-forwarded-for'] ?? '')
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean)
	chain.push(socketAddress)
	return {
		scheme: proto === 'https' ? 'https' : 'http',
		host: firstValue(request.headers['x-forwarded-host']) || directHost,
		address: chain[Math.max(0, chain.length - 1 - trustProxy)],
	}
}

// zlib's fastest level and brotli's quality 2: a page is 5 to 25 KB, and the default levels (gzip 6,
// brotli 4) cost a third more CPU per answer, about a tenth of the app's time under load, for
// answers 5 % smaller than gzip 1's; brotli 2 costs what gzip 1 does and is as small as gzip 6
// (brotli 1 is a quarter larger). Measured in decision 066.
const GZIP_OPTIONS = { level: zlib.constants.Z_BEST_SPEED }
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } }
const compress = compression({ ...GZIP_OPTIONS, brotli: BROTLI_OPTIONS })
const assets = serveStatic(resolve(buildPath, '../../client/assets'), {
	immutable: true,
	maxAge: '1y',
	index: false,
})
// Other built files (public/ is copied into the client build): the favicon and the like. Only
// paths with an extension are looked up, so a page request costs no file-system call.
const publicFiles = serveStatic(resolve(buildPath, '../../client'), { maxAge: '1h', index: false })
const ASSET_PREFIX = '/assets/'
const HAS_EXTENSION = /\.\w+$/
const DATA_SUFFIX = '.data'

// Set once SIGTERM or SIGINT came (shutDown, at the end); answers under way, to say Connection: close.
let shuttingDown = false
const answering = new Set()

/**
 * The route pattern a request is logged and measured under (/courses/:courseId): few values, no
 * ids. React Router matches every page request anyway and says which pattern through its
 * instrumentation API (`meta.pattern`, below); matching again here was a fifth of the app's CPU
 * under load (matchRoutes flattens and compiles the whole route table on every call, decision 047).
 */
const measured = createContext()
const patternReported = {
	handler(handler) {
		handler.instrument({
			async request(handle, { context }) {
				const { meta } = await handle()
				if (meta?.pattern) context.get(measured).pattern = meta.pattern
			},
		})
	},
}
unstable_preloadRoutePattern()
const handleRequest = createRequestHandler(
	{
		...build,
		future: { ...build.future, unstable_routePatternMatching: true },
		entry: {
			...build.entry,
			module: {
				...build.entry.module,
				instrumentations: [...(build.entry.module.instrumentations ?? []), patternReported],
			},
		},
	},
	process.env.NODE_ENV,
)

// The route tree of the build, matched here only for a request cut before React Router answered.
const routeTree = (parentId) =>
	Object.values(build.routes)
		.filter((route) => route.parentId === parentId)
		.map((route) => ({ ...route, children: routeTree(route.id) }))
const pageRoutes = routeTree(undefined)
const MANIFEST_PATH = build.routeDiscovery?.manifestPath ?? '/__manifest'

/**
 * The pattern as logs and metrics spell it: from the root, and .data for single-fetch requests.
 * `page` is what the request handler saw: whether it went to React Router, and the pattern
 * React Router reported (empty when it did not answer, the client having gone first).
 */
function routeOf(path, page) {
	if (path === '/healthz') return '/healthz'
	if (path === '(too long)') return '(too long)'
	if (path.startsWith(ASSET_PREFIX)) return '/assets/*'
	if (path === MANIFEST_PATH) return MANIFEST_PATH
	// Single-fetch data requests, as React Router names them: /courses.data, and /_.data for /.
	const pagePath = path.endsWith('/_.data') ? path.slice(0, -6) : path.replace(/\.data$/, '')
	const matched = page.pattern || (page.rendered ? matchedPattern(pagePath) : '')
	if (!matched) return HAS_EXTENSION.test(path) ? 'static' : 'unmatched'
	const route = matched.startsWith('/') ? matched : `/${matched}`
	return pagePath === path ? route : `${route}.data`
}

function matchedPattern(page) {
	const matches = matchRoutes(pageRoutes, page)
	return (
		matches
			?.map((match) => match.route.path ?? '')
			.filter(Boolean)
			.join('/') ?? ''
	)
}

/** A calendar feed's address (api/src/calendar/feeds.ts: 32 hex digits and a 43-character MAC). */
const FEED_TOKEN = /[0-9a-f]{32}[\w-]{43}/g
const CALENDAR = /calendar/i

/**
 * The path as logged, with no calendar feed's address in it whatever its form (issue 38; the API's
 * request log does the same): the address is the feed's only key. Masking the segment the route
 * names `:token` missed every path that matched no route (`/calendar/<token>.ics/extra`,
 * `/Calendar/…`). So the path is read as the router would (%-escapes decoded), anything shaped like
 * an address is logged as `:token`, and whatever follows the word `calendar` too.
 */
function loggedPath(path) {
	let plain = path
	if (plain.includes('%')) {
		try {
			plain = decodeURIComponent(plain)
		} catch {
			// Logged as sent; the token's shape is still masked below.
		}
	}
	plain = plain.replace(FEED_TOKEN, ':token')
	const at = plain.search(CALENDAR)
	if (at === -1) return plain
	const head = at + 'calendar'.length
	return head === plain.length ? plain : `${plain.slice(0, head)}/:token`
}

const requestDuration = new Histogram({
	name: 'app_http_request_duration_seconds',
	help: 'App requests by route pattern, method and status',
	labelNames: ['method', 'route', 'status'],
	buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
})

/** One JSON line and one histogram sample per request, once its answer is sent or cut. */
function measure(request, response, requestId, page) {
	const started = performance.now()
	response.on('close', () => {
		const durationMs = performance.now() - started
		// A redirected path is logged as where it was sent (its pattern names a feed's token there).
		const path = page.loggedAs ?? (request.url ?? '/').split('?')[0] ?? '/'
		const route = routeOf(path, page)
		const status = response.writableFinished ? response.statusCode : 499
		requestDuration.observe(
			{ method: request.method, route, status: String(status) },
			durationMs / 1000,
		)
		log.info(
			{
				requestId,
				method: request.method,
				route,
				path: loggedPath(path),
				status,
				durationMs: Math.round(durationMs * 10) / 10,
			},
			'request',
		)
	})
}

const server = http.createServer((request, response) => {
	// A request that came on a kept-alive connection after the stop began: its answer closes it.
	if (shuttingDown) response.shouldKeepAlive = false
	const requestId = requestIdOf(request)
	response.setHeader('X-Request-Id', requestId)
	// Filled in once the request is handed to React Router (renderPage), or redirected before it.
	const page = { rendered: false, pattern: '', loggedAs: undefined }
	measure(request, response, requestId, page)
	answering.add(response)
	response.on('close', () => answering.delete(response))
	if (request.url === '/healthz' && (request.method === 'GET' || request.method === 'HEAD')) {
		response.writeHead(200, {
			'Content-Type': 'text/plain; charset=utf-8',
			'Cache-Control': 'no-store',
		})
		response.end(request.method === 'HEAD' ? undefined : 'ok')
		return
	}
	if (beyondBounds(request.url ?? '/')) {
		// Logged under one label, not as written: the path is long, and may carry a feed's token.
		page.loggedAs = '(too long)'
		response.writeHead(414, {
			'Content-Type': 'text/plain; charset=utf-8',
			'Cache-Control': 'no-store',
			Connection: 'close',
		})
		response.end('This address is too long.')
		return
	}
	compress(request, response, () => {
		const path = (request.url ?? '/').split('?')[0] ?? '/'
		const render = () => void renderPage(request, response, page)
		if (path.startsWith(ASSET_PREFIX)) {
			request.url = request.url.slice(ASSET_PREFIX.length - 1)
			return assets(request, response, () => {
				request.url = `${ASSET_PREFIX.slice(0, -1)}${request.url}`
				render()
			})
		}
		// A page's data (`/courses.data`) is never a file: looking for one cost a stat() and
		// serve-static's work on every client-side navigation (decision 073).
		if (HAS_EXTENSION.test(path) && !path.endsWith(DATA_SUFFIX))
			return publicFiles(request, response, render)
		render()
	})
})
if (host) server.listen(port, host, onListen)
else server.listen(port, onListen)

function onListen() {
	log.info(`App listening on http://${host ?? 'localhost'}:${port}`)
	// scripts/launch.mjs waits for this rather than for an answer another copy could give.
	process.send?.('listening', () => process.disconnect())
}

/**
 * The most any request target may ask of React Router (decision 050). Its manifest matching walks
 * every ancestor of a path, so the work grows with the square of the segment count: a 14 KB path
 * of 7,000 segments held the whole process for 6-32 s. The deepest real route has 6 segments and
 * the longest a real path gets is about 800 characters (a certificate's: three ids and an escaped
 * e-mail address), so 32 segments and 4 KB of path, and 8 KB of query (filters and search words;
 * the request line and headers together are already held to 16 KB by Node's parser, which answers
 * 431 past it), are far above anything the app links to. Both slash and backslash count as a
 * separator, as the URL parser reads them. Only a path over 32 characters is scanned.
 */
const MAX_PATH_LENGTH = 4096
const MAX_SEGMENTS = 32
const MAX_QUERY_LENGTH = 8192
function beyondBounds(target) {
	if (target.length <= MAX_SEGMENTS) return false
	const at = target.indexOf('?')
	const pathLength = at === -1 ? target.length : at
	if (pathLength > MAX_PATH_LENGTH) return true
	if (at !== -1 && target.length - at - 1 > MAX_QUERY_LENGTH) return true
	let separators = 0
	for (let index = 0; index < pathLength; index++) {
		const code = target.charCodeAt(index)
		if ((code === 47 || code === 92) && ++separators > MAX_SEGMENTS) return true
	}
	return false
}

/**
 * Where a request's path must go before React Router sees it, when anywhere: this server matches
 * routes with React Router's route-pattern matcher and the browser with its default one (decision
 * 049), and the two read two kinds of path differently. A path with an empty segment (`/courses//`)
 * is sent on to the same path without it; one whose %-escapes do not decode is refused (null).
 * A backslash counts as a slash here, as browsers read one in an address: the redirect never
 * starts with `/\`, which a browser would follow to another site. A lone backslash is sent on to
 * the slash too (decision 050): the URL parser below would read it as one and serve the page, so
 * `/calendar\<token>.ics` was a second spelling of a feed's address that matched no route in the
 * logs and no rule a proxy keeps for `/calendar/`. Browsers never send one (they turn it into a
 * slash first), so only other clients meet the redirect, and they follow it.
 */
const EMPTY_SEGMENTS = /[\\/]{2,}|\\/g
function canonicalPath(path) {
	try {
		decodeURIComponent(path)
	} catch {
		return null
	}
	return path.replace(EMPTY_SEGMENTS, '/')
}

async function renderPage(request, response, page) {
	const [path, query] = splitTarget(request.url ?? '/')
	const canonical = canonicalPath(path)
	if (canonical !== path) {
		// Logged as the path it is sent to, matched for its label; never as written, where a
		// feed's token would go unnamed (`/calendar/<token>.ics//` matches no pattern).
		page.loggedAs = canonical ?? '(undecodable)'
		page.rendered = canonical !== null
		if (canonical === null) response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' })
		else response.writeHead(308, { Location: `${canonical}${query}` })
		response.end(canonical === null ? 'Bad Request' : undefined)
		return
	}
	let fetchRequest
	try {
		fetchRequest = toFetchRequest(request, response)
	} catch {
		// A Host header or path no URL can be made of.
		response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' })
		response.end('Bad Request')
		return
	}
	// React Router's context for this request, holding where its instrumentation reports the pattern.
	const context = new RouterContextProvider()
	context.set(measured, page)
	page.rendered = true
	try {
		await send(response, await handleRequest(fetchRequest, context), request.method === 'HEAD')
	} catch (error) {
		log.error({ err: error, requestId: response.getHeader('x-request-id') }, 'Page failed')
		if (response.headersSent) response.destroy()
		else {
			response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
			response.end('Internal Server Error')
		}
	}
}

/** A request target's path, and its query with the `?` (or ''). */
function splitTarget(target) {
	const at = target.indexOf('?')
	return at === -1 ? [target, ''] : [target.slice(0, at), target.slice(at)]
}

/** The Fetch API request React Router reads: as @react-router/express builds it, proxies as TRUST_PROXY says. */
function toFetchRequest(request, response) {
	const { scheme, host, address } = origin(request)
	const hostHeader = host.split(/[\\/?#@]/)[0] || 'localhost'
	const url = new URL(`${scheme}://${hostHeader}${request.url}`)
	const headers = new Headers()
	for (let index = 0; index < request.rawHeaders.length; index += 2) {
		headers.append(request.rawHeaders[index], request.rawHeaders[index + 1])
	}
	// Who is really asking, for the API's per-address login limits: set here from the socket (or a
	// trusted proxy's X-Forwarded-For), so a browser cannot send its own (app/platform/request.server.ts
	// passes it on with the secret).
	headers.set('x-tutorhub-client-address', address)
	// This request's id (a browser's own is replaced): the upstream client sends it to the API.
	headers.set('x-request-id', String(response.getHeader('x-request-id')))
	let controller = new AbortController()
	response.on('finish', () => (controller = null))
	response.on('close', () => controller?.abort())
	const init = { method: request.method, headers, signal: controller.signal }
	if (request.method !== 'GET' && request.method !== 'HEAD') {
		init.body = requestBody(request, response)
		init.duplex = 'half'
	}
	return new Request(url.href, init)
}

// What is read and dropped of a body the app stopped reading, before the connection is cut.
const DRAIN_LIMIT = 64 * 1024 * 1024

/**
 * The request's body for the Fetch API. When the app stops reading early (a form over its size
 * limit answers 413 at once), cancelling the stream would destroy the request and with it the
 * socket: the client, still sending, gets a reset instead of the answer ("That is too large").
 * So the rest is read and dropped (up to DRAIN_LIMIT), and the connection closes after the answer.
 * The same goes for a body the app never read at all (a 404 or 403 answered before the form).
 */
function requestBody(request, response) {
	const body = new PassThrough()
	request.pipe(body)
	response.on('finish', () => {
		if (!request.complete) body.destroy()
	})
	body.on('close', () => {
		if (request.complete || request.destroyed) return
		request.unpipe(body)
		response.shouldKeepAlive = false
		let dropped = 0
		request.on('data', (chunk) => {
			dropped += chunk.length
			if (dropped > DRAIN_LIMIT) request.destroy()
		})
		request.resume()
	})
	return createReadableStreamFromReadable(body)
}

async function send(response, page, headOnly) {
	if (response.destroyed || response.writableEnded) {
		await page.body?.cancel()
		return
	}
	response.statusCode = page.status
	if (page.statusText) response.statusMessage = page.statusText
	for (const [name, value] of page.headers) {
		if (name !== 'set-cookie') response.setHeader(name, value)
	}
	const cookies = page.headers.getSetCookie()
	if (cookies.length) response.setHeader('Set-Cookie', cookies)
	if (!page.body || headOnly) {
		await page.body?.cancel()
		response.end()
		return
	}
	try {
		await writeInBursts(page.body, response)
	} catch (error) {
		if (!response.destroyed && !response.writableEnded) throw error
	}
}

/** A burst held back no longer than this many bytes: written at once, and waited for if the socket is full. */
const BURST_BYTES = 64 * 1024

/**
 * Writes a page's body as @react-router/node's writeReadableStreamToWritable does (the stream
 * cancelled when the client goes, the socket's back-pressure heeded, streamed parts sent as they
 * come), but a burst at a time. React writes a page in 4 KB pieces, nearly all of them in one go
 * when no data is awaited, and writeReadableStreamToWritable wrote each piece and flushed the
 * compression after it (`response.flush()`): each piece was a job on zlib's thread pool and a
 * sync flush, 1.2 ms of CPU to compress a 30 KB dashboard where one write of it costs 0.2 ms, and
 * 15 % more bytes. Here the pieces that come before the event loop turns are one write, and the
 * compression is flushed once after it, so a part that waits for data (a deferred promise) still
 * reaches the browser as soon as it is rendered (decision 073).
 */
async function writeInBursts(stream, response) {
	const reader = stream.getReader()
	let pieces = []
	let bytes = 0
	let burstEnd = null
	let written = false
	// Set when a write said the answer's buffer is full (the compression's, when it compresses:
	// the middleware answers its write and routes 'drain' to it), until it drains or the client goes.
	// One 'drain' listener for the whole answer: the middleware passes a listener on to its zlib
	// stream but not its removal, so one per wait would pile up there (Node warns past ten).
	let drained = null
	let onDrain = null
	let listening = false
	const drain = () => {
		if (!listening) response.on('drain', () => onDrain?.())
		listening = true
		return new Promise((resolve) => (onDrain = resolve))
	}
	const writeBurst = (last) => {
		if (burstEnd) clearImmediate(burstEnd)
		burstEnd = null
		if (bytes === 0 || response.destroyed) return
		const burst = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces, bytes)
		pieces = []
		bytes = 0
		written = true
		// Listened for at once: a burst written between two reads may drain before the next.
		if (!response.write(burst) && !last) {
			drained = Promise.race([drain(), gone])
		}
		if (!last) response.flush?.()
	}
	const gone = new Promise((resolve) => response.once('close', resolve))
	// The client went before the end: React stops rendering.
	void gone.then(() => {
		if (!response.writableFinished) reader.cancel().catch(() => {})
	})
	try {
		while (true) {
			if (drained) {
				await drained
				drained = onDrain = null
			}
			const { done, value } = await reader.read()
			if (response.destroyed) return
			if (done) {
				if (written) {
					writeBurst(true)
					response.end()
				} else {
					if (burstEnd) clearImmediate(burstEnd)
					endWhole(response, pieces.length === 1 ? pieces[0] : Buffer.concat(pieces, bytes))
				}
				return
			}
			pieces.push(value)
			bytes += value.byteLength
			if (bytes >= BURST_BYTES) writeBurst(false)
			else burstEnd ??= setImmediate(writeBurst, false)
		}
	} catch (error) {
		if (burstEnd) clearImmediate(burstEnd)
		if (!response.destroyed) {
			response.once('error', () => {})
			response.destroy(error)
		}
		throw error
	} finally {
		reader.releaseLock()
	}
}

/** What the compression middleware would compress (its threshold and `compressible` types). */
const COMPRESSION_THRESHOLD = 1024
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml)\b|[^;]*\+(?:json|xml)\b)/i
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i
const ONE_SHOT = {
	br: (body) => zlib.brotliCompressSync(body, BROTLI_OPTIONS),
	gzip: (body) => zlib.gzipSync(body, GZIP_OPTIONS),
	deflate: (body) => zlib.deflateSync(body, GZIP_OPTIONS),
}

/**
 * The coding the compression middleware's negotiation picks, for the plain lists browsers and
 * fetch send (`gzip, deflate, br, zstd`): br, else gzip, else deflate. A list with weights (`;q=`)
 * or a wildcard answers null, and the middleware decides as always.
 */
function plainEncoding(header) {
	if (typeof header !== 'string' || header.includes(';') || header.includes('*')) return null
	const codings = header.toLowerCase().split(',')
	for (let index = 0; index < codings.length; index++) codings[index] = codings[index].trim()
	return codings.includes('br')
		? 'br'
		: codings.includes('gzip')
			? 'gzip'
			: codings.includes('deflate')
				? 'deflate'
				: null
}

/**
 * An answer whose whole body came in one burst (nearly every page and `.data`, at most
 * BURST_BYTES), ended in one call: compressed in one go when the middleware would compress it, with
 * its length. The middleware's zlib stream cost more than twice as much CPU for the same bytes (a
 * 2 KB `.data` 90 µs against 36, a 30 KB page 215 against 99), and a body under its threshold,
 * written before it ended, was compressed anyway: the middleware saw no length (decision 073).
 */
function endWhole(response, body) {
	const coding =
		body.length >= COMPRESSION_THRESHOLD &&
		!response.hasHeader('Content-Encoding') &&
		COMPRESSIBLE.test(String(response.getHeader('Content-Type') ?? '')) &&
		!NO_TRANSFORM.test(String(response.getHeader('Cache-Control') ?? '')) &&
		plainEncoding(response.req.headers['accept-encoding'])
	if (!coding) {
		// The middleware decides, seeing the whole length (under its threshold: sent as it is, with
		// it; when it compresses, it takes the length away).
		if (body.length > 0 && !response.hasHeader('Content-Length'))
			response.setHeader('Content-Length', body.length)
		response.end(body)
		return
	}
	const vary = String(response.getHeader('Vary') ?? '')
	if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary))
		response.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
	const packed = ONE_SHOT[coding](body)
	response.setHeader('Content-Encoding', coding)
	response.setHeader('Content-Length', packed.length)
	response.end(packed)
}

const ROOM_SOCKET = /^\/api\/v1\/rooms\/[0-9a-f-]{36}\/socket(?:\?[^#]*)?$/i
// Headers a WebSocket handshake needs; cookies and anything else stay here.
const FORWARDED = [
	'upgrade',
	'connection',
	'sec-websocket-key',
	'sec-websocket-version',
	'sec-websocket-extensions',
	'sec-websocket-protocol',
	'user-agent',
]

function refuse(socket, status, reason) {
	if (socket.destroyed) return
	socket.end(
		`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n` +
			(reason ? `X-Refusal: ${reason}\r\n` : '') +
			'\r\n',
	)
}

function sameOrigin(request) {
	const sent = request.headers.origin
	if (!sent) return true
	try {
		return new URL(sent).host === origin(request).host
	} catch {
		return false
	}
}

function handshakeHead(response) {
	const lines = [`HTTP/1.1 101 Switching Protocols`]
	for (let index = 0; index < response.rawHeaders.length; index += 2) {
		lines.push(`${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}`)
	}
	return `${lines.join('\r\n')}\r\n\r\n`
}

// Live-room sockets tunnelled to the API: not the HTTP server's connections, closed at shutdown.
const tunnels = new Map()

server.on('upgrade', (request, socket, head) => {
	socket.on('error', () => socket.destroy())
	if (shuttingDown) return refuse(socket, 503)
	if (!ROOM_SOCKET.test(request.url ?? '')) return refuse(socket, 404)
	// A page of another site must not open a room socket in the user's name.
	if (!sameOrigin(request))
		return refuse(socket, 403, 'Cross-site WebSocket connections are not accepted')

	const headers = {
		host: apiUrl.host,
		'x-forwarded-for': origin(request).address,
		'x-request-id': requestIdOf(request),
	}
	for (const name of FORWARDED) if (request.headers[name]) headers[name] = request.headers[name]
	const upstream = (apiUrl.protocol === 'https:' ? https : http).request({
		protocol: apiUrl.protocol,
		hostname: apiUrl.hostname,
		port: apiUrl.port,
		path: `${apiUrl.pathname.replace(/\/+$/, '')}${request.url}`,
		method: 'GET',
		headers,
	})
	upstream.on('upgrade', (response, apiSocket, apiHead) => {
		apiSocket.on('error', () => socket.destroy())
		socket.on('close', () => apiSocket.destroy())
		apiSocket.on('close', () => socket.destroy())
		tunnels.set(socket, apiSocket)
		socket.on('close', () => tunnels.delete(socket))
		socket.write(handshakeHead(response))
		if (apiHead.length > 0) socket.write(apiHead)
		if (head.length > 0) apiSocket.write(head)
		apiSocket.pipe(socket)
		socket.pipe(apiSocket)
	})
	// The API refused (not a member, ended, unknown room): pass its status and reason on.
	upstream.on('response', (response) => {
		response.resume()
		refuse(socket, response.statusCode ?? 502, response.headers['x-refusal'])
	})
	upstream.on('error', () => refuse(socket, 502))
	upstream.end()
})

// Prometheus metrics: this process's request durations (above), its calls to the API and cache
// hits (app/platform/metrics.server.ts, in the same default registry), its live-room tunnels and
// Node's own; served on their own listener, never on the public port (docs/decisions/034).
new Gauge({
	name: 'app_room_tunnels',
	help: 'Live-room WebSockets tunnelled to the API',
	collect() {
		this.set(tunnels.size)
	},
})
let metricsServer
if (metrics) {
	collectDefaultMetrics({ prefix: 'app_' })
	metricsServer = http.createServer((request, response) => {
		if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
			response.writeHead(404).end()
			return
		}
		register.metrics().then(
			(text) => response.writeHead(200, { 'Content-Type': register.contentType }).end(text),
			(error) => {
				log.error({ err: error }, 'Metrics failed')
				response.writeHead(500).end()
			},
		)
	})
	metricsServer.on('error', (error) => {
		log.error({ err: error }, `Metrics could not listen on ${metrics.host}:${metrics.port}`)
		process.exit(1)
	})
	metricsServer.listen(metrics.port, metrics.host, () =>
		log.info(`App metrics on http://${metrics.host}:${metrics.port}/metrics`),
	)
}

// Shutting down (SIGTERM, SIGINT): stop accepting at once, let requests in flight finish (up to
// SHUTDOWN_GRACE_MS), close keep-alive connections as soon as they are idle, tell live-room sockets
// to reconnect (the close code the API uses when it restarts), send Sentry what it holds, exit.
const SHUTDOWN_GRACE_MS = 8_000
// 1012 Service Restart: the room page reconnects, to this app's successor.
const RESTART_FRAME = Buffer.concat([
	Buffer.from([0x88, 2 + 'The server is restarting'.length, 0x03, 0xf4]),
	Buffer.from('The server is restarting'),
])
async function shutDown() {
	if (shuttingDown) return
	shuttingDown = true
	const forced = setTimeout(() => {
		log.error(`App stopping: requests still open after ${SHUTDOWN_GRACE_MS / 1000} s`)
		process.exit(1)
	}, SHUTDOWN_GRACE_MS)
	forced.unref()
	const closed = new Promise((resolve) => server.close(resolve))
	metricsServer?.close()
	for (const response of answering) if (!response.headersSent) response.shouldKeepAlive = false
	for (const [socket, apiSocket] of tunnels) {
		apiSocket.unpipe(socket)
		socket.unpipe(apiSocket)
		apiSocket.destroy()
		socket.end(RESTART_FRAME)
		setTimeout(() => socket.destroy(), 1000).unref()
	}
	// Connections finish their answer, then idle: close each as it does.
	const idle = setInterval(() => server.closeIdleConnections(), 50)
	server.closeIdleConnections()
	await closed
	clearInterval(idle)
	if (process.env.SENTRY_DSN) {
		const Sentry = await import('@sentry/react-router')
		await Sentry.close(2000)
	}
	clearTimeout(forced)
	process.exit(0)
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void shutDown())
