/* eslint-disable lingui/no-unlocalized-strings -- Security headers and the content policy: read by browsers, not people. */
import { randomBytes } from 'node:crypto'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { cookieValue } from './cookie-header'
import { env } from './env.server'

const nonceContext = createContext<string>('')
const stripeContext = createContext<boolean>(false)

/**
 * Called by the loader or action of a page that uses Stripe (checkout, payment setup) when Stripe
 * is configured: only that response's policy lets Stripe in, so Stripe.js loads nowhere else.
 */
export function allowStripe(context: Readonly<RouterContextProvider>) {
	context.set(stripeContext, true)
}

export function getNonce(context: Readonly<RouterContextProvider>) {
	return context.get(nonceContext)
}

// Where the browser sends error reports: read from the settings once, not per answer.
let sentryConnect: string | undefined
const sentryOrigin = () =>
	(sentryConnect ??= env.sentryDsn ? ` ${new URL(env.sentryDsn).origin}` : '')

/**
 * A nonce-based, enforced Content-Security-Policy: only scripts the server rendered with this
 * request's nonce run, and whatever they load ('strict-dynamic'). Styles may be inline because
 * the toast library injects its own stylesheet at run time.
 */
export function contentSecurityPolicy(
	nonce: string,
	{ stripe = false }: { stripe?: boolean } = {},
) {
	// Stripe.js, its card frames and its API, for the one page that renders Stripe Elements.
	const stripeScript = stripe ? ' https://js.stripe.com' : ''
	const stripeFrames = stripe ? ' https://js.stripe.com https://hooks.stripe.com' : ''
	const stripeConnect = stripe ? ' https://api.stripe.com' : ''
	return [
		"default-src 'self'",
		`script-src 'nonce-${nonce}' 'strict-dynamic'${stripeScript}`,
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self'",
		`connect-src 'self'${sentryOrigin()}${stripeConnect}`,
		`frame-src 'self'${stripeFrames}`,
		"object-src 'none'",
		"base-uri 'self'",
		// Payment setup sends the browser on to Stripe's hosted onboarding after its form posts.
		`form-action 'self'${stripe ? ' https://connect.stripe.com' : ''}`,
		"frame-ancestors 'none'",
	].join('; ')
}

// Nonces are cut from one batch of random bytes, drawn again when used up: one call to the system's
// generator per 256 answers instead of one each (crypto.randomUUID batches the same way). Each
// nonce is 16 bytes no other answer gets.
const NONCE_BYTES = 16
let nonceBatch = Buffer.alloc(0)
let nonceOffset = 0
function newNonce() {
	if (nonceOffset + NONCE_BYTES > nonceBatch.length) {
		nonceBatch = randomBytes(NONCE_BYTES * 256)
		nonceOffset = 0
	}
	nonceOffset += NONCE_BYTES
	return nonceBatch.toString('base64', nonceOffset - NONCE_BYTES, nonceOffset)
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A form posted from another site is refused before any action runs: the session cookie is
 * SameSite=Lax, and this closes the remaining gaps (same-site subdomains, old browsers).
 */
function isCrossSiteWrite(request: Request) {
	if (!unsafeMethods.has(request.method)) return false
	const site = request.headers.get('Sec-Fetch-Site')
	if (site === 'cross-site') return true
	const origin = request.headers.get('Origin')
	if (!origin) return false
	try {
		return new URL(origin).host !== new URL(request.url).host
	} catch {
		return true
	}
}

export const securityMiddleware: MiddlewareFunction<Response> = async (
	{ request, context },
	next,
) => {
	if (isCrossSiteWrite(request)) {
		// Refused before the request's language is chosen (the middleware runs first).
		throw new Response('Cross-site form posts are not accepted.', { status: 403 })
	}
	const nonce = newNonce()
	context.set(nonceContext, nonce)
	const response = await next()
	const headers = response.headers
	if (!env.isDevelopment)
		headers.set(
			'Content-Security-Policy',
			contentSecurityPolicy(nonce, { stripe: context.get(stripeContext) }),
		)
	headers.set('X-Content-Type-Options', 'nosniff')
	headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
	headers.set('X-Frame-Options', 'DENY')
	headers.set('Permissions-Policy', 'camera=(self), microphone=(self), geolocation=()')
	if (env.isProduction)
		headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
	if (isPersonal(request, headers) && !headers.get('Cache-Control')?.includes('no-store'))
		headers.set('Cache-Control', 'no-store')
	return response
}

/**
 * An answer for someone signed in (a session cookie sent), or one that sets a cookie: documents,
 * their `.data` and resource routes alike are never kept by the browser or a shared cache (issue
 * 38), so the back button on a shared computer or a proxy cannot show a profile (with a pending
 * two-factor secret) to the next person. Visitors' pages keep whatever caching they had.
 */
function isPersonal(request: Request, headers: Headers) {
	return (
		cookieValue(request.headers.get('Cookie'), '__session') !== null || headers.has('Set-Cookie')
	)
}
