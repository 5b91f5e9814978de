import type { MiddlewareFunction } from 'react-router'
import { cookiePairs } from './cookie-header'
import { env } from './env.server'
import { chooseLocale } from './i18n.server'
import { pageCache } from './metrics.server'
import { getNonce } from './security.server'
import { responseCache } from './upstream-cache.server'

/**
 * Pages as a visitor without a session sees them (home, catalogue, pricing, verification), kept a
 * few seconds by address: the busiest pages are the same for every visitor, and rendering them
 * again for each one cost most of the server's time under load (docs/decisions/011).
 *
 * - Only GET documents of visitors with neither a session nor a pending toast; only 200 answers
 *   with no cookie to set and no alert on the page (a failed load is never kept).
 * - Each answer gets its own nonce: the kept page's nonce is swapped for this request's, so the
 *   Content-Security-Policy stays per response.
 * - Any change that makes the upstream cache stale (a course published, a certificate revoked)
 *   empties it, in every app process when they share Redis (the invalidation channel applies it
 *   to the response cache, which tells this one; cache-invalidation.server.ts), and
 *   `Cache-Control: no-cache` (a hard reload) renders the page again.
 */
type Page = {
	body: string
	status: number
	headers: [string, string][]
	nonce: string
	expiresAt: number
}

const MAX_PAGES = 200
const pages = new Map<string, Page>()
responseCache.onInvalidate(() => pages.clear())

function isVisitorDocument(request: Request) {
	if (request.method !== 'GET') return false
	const url = new URL(request.url)
	if (url.pathname.endsWith('.data') || url.searchParams.has('_routes')) return false
	const names = cookiePairs(request.headers.get('Cookie')).map(([name]) => name)
	return !names.includes('__session') && !names.includes('toast-session')
}

function keep(url: string, page: Page) {
	pages.delete(url)
	pages.set(url, page)
	for (const oldest of pages.keys()) {
		if (pages.size <= MAX_PAGES) break
		pages.delete(oldest)
	}
}

export const pageCacheMiddleware: MiddlewareFunction<Response> = async (
	{ request, context },
	next,
) => {
	if (!env.pageCacheMs || !isVisitorDocument(request)) return next()
	const nonce = getNonce(context)
	// One page per language: a visitor's is their choice or their browser's (decision 063).
	const key = `${chooseLocale(request)} ${request.url}`
	const kept = pages.get(key)
	const reload = /no-cache/.test(request.headers.get('Cache-Control') ?? '')
	const hit = kept !== undefined && kept.expiresAt > Date.now() && !reload
	pageCache.inc({ outcome: hit ? 'hit' : 'miss' })
	if (hit) {
		return new Response(kept.body.replaceAll(kept.nonce, nonce), {
			status: kept.status,
			headers: kept.headers,
		})
	}
	const response = await next()
	const headers = response.headers
	if (
		response.status !== 200 ||
		headers.has('Set-Cookie') ||
		!headers.get('Content-Type')?.startsWith('text/html')
	) {
		return response
	}
	const body = await response.text()
	if (!body.includes('role="alert"')) {
		keep(key, {
			body,
			status: 200,
			headers: [...headers],
			nonce,
			expiresAt: Date.now() + env.pageCacheMs,
		})
	}
	return new Response(body, { status: 200, headers })
}
