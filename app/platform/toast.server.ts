import {
	createContext,
	createCookieSessionStorage,
	type MiddlewareFunction,
	type RouterContextProvider,
	type SessionStorage,
} from 'react-router'
import { getToast, setToast, toastMiddleware as flashToastMiddleware } from 'remix-toast/middleware'
import { withoutCookie } from './cookie-header'
import { env } from './env.server'
import { toastSchema, type AppToast } from './toast'

const TOAST_COOKIE = 'toast-session'
const toastStorage = createCookieSessionStorage({
	cookie: {
		name: TOAST_COOKIE,
		secrets: [env.toastSecret],
		httpOnly: true,
		sameSite: 'lax',
		secure: env.secureCookies,
		path: '/',
	},
})

/**
 * remix-toast signs its cookie again on every request (to clear a toast it has just read) and uses
 * that cookie only when there was a toast. Signing imports a key each time, a real share of a
 * page's cost, so an empty session (every request without a toast) is signed once and reused: it
 * always signs to the same value.
 */
let emptyToastCookie: Promise<string> | undefined
const toastSessions: SessionStorage = {
	...toastStorage,
	commitSession(session, options) {
		if (options || Object.keys(session.data).length)
			return toastStorage.commitSession(session, options)
		emptyToastCookie ??= toastStorage.commitSession(session)
		return emptyToastCookie
	},
}

type Pending = { toast: AppToast; shown: boolean }
const pendingToast = createContext<Pending | null>(null)

/**
 * Queue a toast for the user. If this request renders the page (a document request without
 * JavaScript), the root loader shows it at once; otherwise (a redirect, or an action answered
 * to a hydrated page) it travels in the flash cookie to the next request.
 */
export function sendToast(context: Readonly<RouterContextProvider>, toast: AppToast) {
	context.set(pendingToast, { toast, shown: false })
}

/** For the root loader: the toasts to show on this response. */
export function takeToasts(context: Readonly<RouterContextProvider>): AppToast[] {
	const toasts: AppToast[] = []
	const flash = getToast(context)
	// Most requests carry no toast: only a flashed one is parsed.
	const flashed = flash ? toastSchema.safeParse(fromFlash(flash)) : null
	if (flashed?.success) toasts.push(flashed.data)
	const pending = context.get(pendingToast)
	if (pending) {
		pending.shown = true
		toasts.push(pending.toast)
	}
	return toasts
}

function fromFlash(flash: ReturnType<typeof getToast>) {
	if (!flash) return null
	const { message, ...rest } = flash
	return { ...rest, title: message }
}

const deliverPendingToast: MiddlewareFunction<Response> = async ({ context }, next) => {
	const response = await next()
	const pending = context.get(pendingToast)
	// A redirect never renders the page the root loader prepared, so its toast must travel on.
	if (pending && (!pending.shown || isRedirect(response))) {
		const { title, ...rest } = pending.toast
		setToast(context, { ...rest, message: title })
	}
	return response
}

function isRedirect(response: Response) {
	return response.status >= 300 && response.status < 400
}

const flashToast = flashToastMiddleware({
	customSession: toastSessions,
}) as MiddlewareFunction<Response>

/**
 * After a submission the router may reload the page's data in several parallel requests (a route
 * with a clientLoader gets its own). Reading the flash clears it, so only a request that runs the
 * root loader, which shows the toast, may read it: otherwise a sibling request could swallow it.
 * The others see no flash (a toast they send still travels on).
 */
const flashToastForRoot: MiddlewareFunction<Response> = (args, next) => {
	if (runsRootLoader(args.request)) return flashToast(args, next)
	const headers = new Headers(args.request.headers)
	headers.set('Cookie', withoutCookie(headers.get('Cookie'), TOAST_COOKIE))
	return flashToast({ ...args, request: new Request(args.request, { headers }) }, next)
}

export function runsRootLoader(request: Request) {
	const routes = new URL(request.url).searchParams.get('_routes')
	return routes === null || routes.split(',').includes('root')
}

export const toastMiddleware: MiddlewareFunction<Response>[] = [
	flashToastForRoot,
	deliverPendingToast,
]
