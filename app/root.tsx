import { Trans } from '@lingui/react/macro'
import { t } from '@lingui/core/macro'
import { useEffect } from 'react'
import {
	Links,
	Meta,
	Outlet,
	Scripts,
	useLocation,
	useNavigation,
	useNavigationType,
	useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { publicEnv } from './platform/env.server'
import {
	directionOf,
	loadPageMessages,
	messagesWithoutPageData,
	PAGE_MESSAGES_ID,
	pageI18n,
	scriptSafeJson,
	type PageMessages,
} from './platform/i18n'
import {
	accountLocaleMiddleware,
	pageMessages,
	visitorLocaleMiddleware,
} from './platform/i18n.server'
import { useDocumentMessages } from './platform/document-messages'
import { useNonce } from './platform/nonce'
import { I18nProvider } from './platform/lingui-runtime'
import { offlineReplayMiddleware } from './platform/offline-replay.server'
import { isOffline } from './platform/offline-snapshot'
import { currentUser, sessionMiddleware } from './platform/request.server'
import { pageCacheMiddleware } from './platform/page-cache.server'
import { securityMiddleware } from './platform/security.server'
import { takeToasts, toastMiddleware } from './platform/toast.server'
import { RootRouteError } from './ui/error-pages'
import { PageSpinner } from './ui/spinner'
import { Toasts } from './ui/toasts'

export const middleware: Route.MiddlewareFunction[] = [
	securityMiddleware,
	pageCacheMiddleware,
	...toastMiddleware,
	visitorLocaleMiddleware,
	sessionMiddleware,
	accountLocaleMiddleware((context) => currentUser(context)?.locale ?? null),
	offlineReplayMiddleware,
]

export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: stylesheet },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	// Installable on a phone's home screen (public/manifest.webmanifest, icons made by scripts/make-icons.mjs).
	{ rel: 'manifest', href: '/manifest.webmanifest' },
	{ rel: 'apple-touch-icon', href: '/icons/icon-192.png' },
]

export function loader({ context, pattern }: Route.LoaderArgs) {
	const user = currentUser(context)
	return {
		user: user ? { name: user.name, role: user.role } : null,
		toasts: takeToasts(context),
		ENV: publicEnv(user),
		i18n: pageMessages(context, pattern),
	}
}

/** A new page's messages join the browser's catalogs before the page renders (decision 063). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
	const data = await serverLoader()
	// A page's data always carries its messages (only a document's leaves them to its data script).
	if (data.i18n) loadPageMessages(data.i18n as PageMessages)
	return data
}

// Toasts and the signed-in user must be current after every navigation, and this loader is cheap.
// Offline there is nothing to fetch, and pages with a local fallback must still open.
export const shouldRevalidate = () => !isOffline()

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const data = useRouteLoaderData<typeof loader>('root')
	// A document's messages are written into it once, as a data script, and read back before
	// hydration; later pages' come with their data, through the client loader (decision 075). On
	// the server the page renders with the request's own instance.
	const written = useDocumentMessages()
	const fromData = (data?.i18n as PageMessages | null | undefined) ?? null
	const page = fromData ?? written?.page ?? messagesWithoutPageData()
	const i18n = pageI18n(page)
	const locale = page.locale
	return (
		<I18nProvider i18n={i18n}>
			<html lang={locale} dir={directionOf(locale)}>
				<head>
					<meta charSet="utf-8" />
					<meta name="viewport" content="width=device-width, initial-scale=1" />
					{/* Light or dark follows the system setting (app.css); form controls and scrollbars follow too. */}
					<meta name="color-scheme" content="light dark" />
					<meta name="theme-color" content="#3730a3" media="(prefers-color-scheme: light)" />
					<meta name="theme-color" content="#020617" media="(prefers-color-scheme: dark)" />
					<Meta />
					<Links />
				</head>
				<body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
					<a
						href="#main"
						className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
					>
						<Trans>Skip to content</Trans>
					</a>
					{children}
					<Toasts toasts={data?.toasts ?? []} />
					<script
						nonce={nonce}
						// Public settings for the browser (Sentry DSN); never secrets. `<` is escaped so no
						// value can close the script element.
						dangerouslySetInnerHTML={{
							__html: `window.ENV = ${JSON.stringify(data?.ENV ?? {}).replace(/</g, '\\u003c')}`,
						}}
					/>
					{fromData ? null : (
						<script
							nonce={nonce}
							type="application/json"
							id={PAGE_MESSAGES_ID}
							data-locale={locale}
							dangerouslySetInnerHTML={{ __html: written?.script ?? scriptSafeJson(page.messages) }}
						/>
					)}
					<Scripts nonce={nonce} />
				</body>
			</html>
		</I18nProvider>
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
	return [{ title: t`Tutoring Platform` }]
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return <RootRouteError error={error} />
}
