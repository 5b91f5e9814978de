import { useEffect } from 'react'
import {
	isRouteErrorResponse,
	Links,
	Meta,
	Outlet,
	Scripts,
	useLocation,
	useNavigation,
	useNavigationType,
	useRevalidator,
	useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { publicEnv } from './platform/env.server'
import { useNonce } from './platform/nonce'
import { offlineReplayMiddleware } from './platform/offline-replay.server'
import { isOffline } from './platform/offline-snapshot'
import { currentUser, sessionMiddleware } from './platform/request.server'
import { pageCacheMiddleware } from './platform/page-cache.server'
import { securityMiddleware } from './platform/security.server'
import { takeToasts, toastMiddleware } from './platform/toast.server'
import { buttonClass } from './ui/button'
import { PageSpinner } from './ui/spinner'
import { Toasts } from './ui/toasts'
import { useHydrated } from './ui/use-hydrated'

export const middleware: Route.MiddlewareFunction[] = [
	securityMiddleware,
	pageCacheMiddleware,
	...toastMiddleware,
	sessionMiddleware,
	offlineReplayMiddleware,
]

export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: stylesheet },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export function loader({ context }: Route.LoaderArgs) {
	const user = currentUser(context)
	return {
		user: user ? { name: user.name, role: user.role } : null,
		toasts: takeToasts(context),
		ENV: publicEnv(),
	}
}

// Toasts and the signed-in user must be current after every navigation, and this loader is cheap.
// Offline there is nothing to fetch, and pages with a local fallback must still open.
export const shouldRevalidate = () => !isOffline()

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const data = useRouteLoaderData<typeof loader>('root')
	return (
		<html lang="en">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
			</head>
			<body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
				<a
					href="#main"
					className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
				>
					Skip to content
				</a>
				{children}
				<Toasts toasts={data?.toasts ?? []} />
				<script
					nonce={nonce}
					// Public settings for the browser (Sentry DSN); never secrets.
					dangerouslySetInnerHTML={{ __html: `window.ENV = ${JSON.stringify(data?.ENV ?? {})}` }}
				/>
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

/** Scrolls smoothly to the top on each new page (not on back/forward, where the browser restores). */
function ScrollToTopOnNavigation() {
	const { pathname } = useLocation()
	const navigationType = useNavigationType()
	useEffect(() => {
		if (navigationType !== 'POP') window.scrollTo({ top: 0, behavior: 'smooth' })
	}, [pathname, navigationType])
	return null
}

export default function App() {
	const navigation = useNavigation()
	return (
		<>
			<ScrollToTopOnNavigation />
			{navigation.state === 'loading' && !navigation.formMethod ? <PageSpinner /> : null}
			<Outlet />
		</>
	)
}

export function meta() {
	return [{ title: 'Tutoring Platform' }]
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	if (isRouteErrorResponse(error)) return <RouteErrorPage status={error.status} statusText={error.statusText} />
	return <CrashScreen error={error} />
}

const statusPages: Record<number, { title: string; text: string }> = {
	400: { title: 'Something is wrong with that request', text: 'What was sent could not be read. Go back and try again.' },
	401: { title: 'Please log in', text: 'You need to be logged in to see this page.' },
	403: { title: 'Access denied', text: 'You do not have permission to view this page.' },
	404: { title: 'Page not found', text: 'We could not find the page you were looking for.' },
	413: { title: 'That is too large', text: 'What was sent is larger than this form accepts. Go back, send less and try again.' },
}

function RouteErrorPage({ status, statusText }: { status: number; statusText: string }) {
	const page = statusPages[status] ?? { title: 'Unexpected Application Error!', text: `${status} ${statusText}` }
	return (
		<main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
			<p className="text-sm font-semibold text-indigo-700">{status}</p>
			<h1 className="text-3xl font-bold">{page.title}</h1>
			<p className="text-slate-700">{page.text}</p>
			<a className={buttonClass()} href="/">
				Go to the home page
			</a>
		</main>
	)
}

/** The crash screen of spec sections 4 and 8. */
function CrashScreen({ error }: { error: unknown }) {
	const hydrated = useHydrated()
	const revalidator = useRevalidator()
	const message = error instanceof Error ? error.message : 'Unknown error'
	const stack = error instanceof Error && error.stack ? error.stack : 'No stack trace available'

	async function copyDetails() {
		const details = [
			`Message: ${message}`,
			`Stack: ${stack}`,
			`URL: ${window.location.href}`,
			`User agent: ${navigator.userAgent}`,
			`Time: ${new Date().toISOString()}`,
		].join('\n')
		try {
			await navigator.clipboard.writeText(details)
			window.alert('Error details copied to clipboard. Please share this with our support team.')
		} catch {
			console.log(details)
			window.alert('Please check the console for error details to share with support.')
		}
	}

	return (
		<main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 p-6">
			<h1 className="text-3xl font-bold">Oops! Something went wrong</h1>
			<p className="text-slate-700">
				We're sorry, but something unexpected happened. This error has been automatically reported to our team.
			</p>
			<details className="rounded-md border border-slate-300 bg-white p-3 text-sm">
				<summary className="cursor-pointer font-semibold">{message}</summary>
				<pre className="mt-2 overflow-auto whitespace-pre-wrap text-xs">{stack}</pre>
			</details>
			<div className="flex flex-wrap gap-3">
				{hydrated ? (
					<>
						<button type="button" className={buttonClass()} onClick={() => void revalidator.revalidate()}>
							Try Again
						</button>
						<button type="button" className={buttonClass('secondary')} onClick={() => window.location.reload()}>
							Reload Page
						</button>
						<button type="button" className={buttonClass('secondary')} onClick={copyDetails}>
							Copy error details for support
						</button>
					</>
				) : (
					<a className={buttonClass()} href="">
						Reload Page
					</a>
				)}
			</div>
		</main>
	)
}
