import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { isRouteErrorResponse, useRevalidator } from 'react-router'
import { isNetworkFailure, networkFailureOf } from '~/platform/network-failure'
import type { LoadFailure } from '~/platform/toast'
import { currentFrame } from './area-frame'
import { buttonClass } from './button'
import { LoadError } from './load-error'
import { useHydrated } from './use-hydrated'

/**
 * What a route's error boundary shows: a refused or missing page (403, 404…), a page whose data
 * the upstream failed to give (the spec's section 8 text, as `needed()` throws it), a network
 * that failed on the way (offline, or the connection dropped), or the crash
 * screen for anything unexpected. `framed` is true inside an area's shell, which keeps its
 * navigation; the root boundary fills the screen instead.
 */
export function RouteError({ error, framed = false }: { error: unknown; framed?: boolean }) {
	if (isRouteErrorResponse(error)) {
		const failure = upstreamFailureOf(error.data)
		if (failure) return <UpstreamFailurePage failure={failure} framed={framed} />
		return <RouteErrorPage status={error.status} statusText={error.statusText} framed={framed} />
	}
	// A page's data or code could not be fetched (offline, or the connection dropped): say that,
	// in the spec's words, and keep the area's navigation; nothing crashed.
	if (isNetworkFailure(error))
		return <UpstreamFailurePage failure={networkFailureOf()} framed={framed} />
	return <CrashScreen error={error} framed={framed} />
}

/**
 * The root's error boundary. A navigation whose connection drops while the browser still says it
 * is online fails for every loader it asked again, the root's too (offline, the root is not
 * asked), and React Router then shows the root's boundary, outside any area. When an area's frame
 * was on screen as the navigation failed, it stays, with the failure inside it, as the area's own
 * boundary shows a failed page; its links work again once the connection is back. Anything else
 * is the full-screen page.
 */
export function RootRouteError({ error }: { error: unknown }) {
	// The frame as the boundary first showed: the shell it replaced is taken back just after.
	const [frame] = useState(currentFrame)
	if (!frame || !isNetworkFailure(error)) return <RouteError error={error} />
	return frame(<RouteError error={error} framed />)
}

function upstreamFailureOf(data: unknown): LoadFailure | null {
	if (typeof data !== 'object' || data === null || !('upstreamFailure' in data)) return null
	return (data as { upstreamFailure: LoadFailure }).upstreamFailure
}

function Frame({
	framed,
	centred = true,
	children,
}: {
	framed: boolean
	centred?: boolean
	children: ReactNode
}) {
	// eslint-disable-next-line lingui/no-unlocalized-strings -- class names
	const align = centred ? 'items-center text-center' : ''
	// Inside an area the shell already has the page's <main>.
	if (framed) return <div className={`flex flex-col gap-4 py-6 ${align}`}>{children}</div>
	return (
		<main
			id="main"
			className={`mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 p-6 ${align}`}
		>
			{children}
		</main>
	)
}

function UpstreamFailurePage({ failure, framed }: { failure: LoadFailure; framed: boolean }) {
	return (
		<Frame framed={framed} centred={false}>
			<h1 className="text-2xl font-bold">
				<Trans>This page could not be loaded</Trans>
			</h1>
			<LoadError error={failure} />
		</Frame>
	)
}

const statusPages: Record<number, { title: MessageDescriptor; text: MessageDescriptor }> = {
	400: {
		title: msg`Something is wrong with that request`,
		text: msg`What was sent could not be read. Go back and try again.`,
	},
	401: { title: msg`Please log in`, text: msg`You need to be logged in to see this page.` },
	403: { title: msg`Access denied`, text: msg`You do not have permission to view this page.` },
	404: { title: msg`Page not found`, text: msg`We could not find the page you were looking for.` },
	413: {
		title: msg`That is too large`,
		text: msg`What was sent is larger than this form accepts. Go back, send less and try again.`,
	},
}

function RouteErrorPage({
	status,
	statusText,
	framed,
}: {
	status: number
	statusText: string
	framed: boolean
}) {
	const { t } = useLingui()
	const known = statusPages[status]
	const page = known
		? { title: t(known.title), text: t(known.text) }
		: { title: t`Unexpected Application Error!`, text: `${status} ${statusText}` }
	return (
		<Frame framed={framed}>
			<p className="text-sm font-semibold text-indigo-700">{status}</p>
			<h1 className="text-3xl font-bold">{page.title}</h1>
			<p className="text-slate-700">{page.text}</p>
			<a className={buttonClass()} href="/">
				<Trans>Go to the home page</Trans>
			</a>
		</Frame>
	)
}

/** The crash screen of spec sections 4 and 8. */
function CrashScreen({ error, framed }: { error: unknown; framed: boolean }) {
	const hydrated = useHydrated()
	const revalidator = useRevalidator()
	const { t } = useLingui()
	const message = error instanceof Error ? error.message : t`Unknown error`
	const stack = error instanceof Error && error.stack ? error.stack : t`No stack trace available`

	async function copyDetails() {
		// For the support team, who read them in English.
		/* eslint-disable lingui/no-unlocalized-strings */
		const details = [
			`Message: ${message}`,
			`Stack: ${stack}`,
			`URL: ${window.location.href}`,
			`User agent: ${navigator.userAgent}`,
			`Time: ${new Date().toISOString()}`,
		].join('\n')
		/* eslint-enable lingui/no-unlocalized-strings */
		try {
			await navigator.clipboard.writeText(details)
			window.alert(t`Error details copied to clipboard. Please share this with our support team.`)
		} catch {
			console.log(details)
			window.alert(t`Please check the console for error details to share with support.`)
		}
	}

	return (
		<Frame framed={framed} centred={false}>
			<h1 className="text-3xl font-bold">
				<Trans>Oops! Something went wrong</Trans>
			</h1>
			<p className="text-slate-700">
				<Trans>
					We're sorry, but something unexpected happened. This error has been automatically reported
					to our team.
				</Trans>
			</p>
			<details className="rounded-md border border-slate-300 bg-white p-3 text-sm">
				<summary className="cursor-pointer font-semibold">{message}</summary>
				<pre className="mt-2 overflow-auto whitespace-pre-wrap text-xs">{stack}</pre>
			</details>
			<div className="flex flex-wrap gap-3">
				{hydrated ? (
					<>
						<button
							type="button"
							className={buttonClass()}
							onClick={() => void revalidator.revalidate()}
						>
							<Trans>Try Again</Trans>
						</button>
						<button
							type="button"
							className={buttonClass('secondary')}
							onClick={() => window.location.reload()}
						>
							<Trans>Reload Page</Trans>
						</button>
						<button type="button" className={buttonClass('secondary')} onClick={copyDetails}>
							<Trans>Copy error details for support</Trans>
						</button>
					</>
				) : (
					<a className={buttonClass()} href="">
						<Trans>Reload Page</Trans>
					</a>
				)}
			</div>
		</Frame>
	)
}
