import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, type ReactNode } from 'react'
import { useLocation, useRouteLoaderData } from 'react-router'
import { Link } from '~/ui/link'
import { usePagesReadyOffline } from '~/platform/offline-pages'
import type { Role } from '~/platform/roles'
import { showFrame } from './area-frame'
import { RouteError } from './error-pages'
import { LanguageSwitcher } from './language-switcher'
import { LogoutButton } from './logout-button'

export type AreaLink = { to: string; label: string; end?: boolean }

type AreaFrame = { areaLabel: string; userName: string; links: AreaLink[] }

/** The frame of every signed-in area: who is signed in, the area's navigation, and log out. */
export function DashboardShell({
	areaLabel,
	userName,
	links,
	children,
}: AreaFrame & { children: ReactNode }) {
	// Kept for the root's error boundary, which shows this frame again when a navigation fails.
	useEffect(() =>
		showFrame((content) => (
			<DashboardShell areaLabel={areaLabel} userName={userName} links={links}>
				{content}
			</DashboardShell>
		)),
	)
	// Which link is the current page, worked out once for the whole list (as NavLink would, per link).
	const pathname = useLocation().pathname.replace(/(.)\/+$/, '$1')
	const isActive = (link: AreaLink) =>
		pathname === link.to || (!link.end && pathname.startsWith(`${link.to}/`))
	const readyOffline = usePagesReadyOffline(links.map((link) => link.to))
	const { t } = useLingui()
	return (
		<div className="flex min-h-screen flex-col">
			<header className="border-b border-slate-200 bg-white">
				<div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
					<div className="flex items-baseline gap-3">
						<Link to="/" className="text-xl font-bold text-indigo-800">
							TutorHub
						</Link>
						<span className="text-sm text-slate-600">{areaLabel}</span>
					</div>
					<div className="flex items-center gap-3">
						<p className="text-sm">
							<Trans>
								Signed in as <span className="font-semibold">{userName}</span>
							</Trans>
						</p>
						<LogoutButton />
					</div>
				</div>
				<nav
					aria-label={t`${areaLabel} navigation`}
					className="mx-auto max-w-6xl px-4"
					data-offline-ready={readyOffline || undefined}
				>
					{/* On a phone the links fold behind Menu (a <details>, so it needs no script); from
					    md up they always show (app.css). A new page starts with the menu folded. */}
					<details key={pathname} className="area-menu">
						<summary className="flex cursor-pointer items-center gap-2 py-2 text-sm font-semibold text-slate-800 md:hidden">
							<span aria-hidden="true">☰</span>
							<span>
								<Trans>Menu</Trans>
							</span>
						</summary>
						<ul className="flex flex-col gap-x-4 pb-2 text-sm font-medium md:flex-row md:flex-wrap md:pb-0">
							{links.map((link) => (
								<li key={link.to}>
									<Link
										to={link.to}
										aria-current={isActive(link) ? 'page' : undefined}
										className={`inline-block border-b-2 py-2 ${isActive(link) ? 'border-indigo-700 text-indigo-800' : 'border-transparent text-slate-700 hover:text-indigo-800'}`}
									>
										{link.label}
									</Link>
								</li>
							))}
						</ul>
					</details>
				</nav>
			</header>
			<main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
				{children}
			</main>
			<footer className="border-t border-slate-200 bg-white">
				<div className="mx-auto max-w-6xl px-4 py-4">
					<LanguageSwitcher />
				</div>
			</footer>
		</div>
	)
}

/**
 * An area layout's error boundary: a page of the area that fails (403, 404, the upstream's
 * failure, a crash) shows so inside the area's shell, with its navigation. When the layout's own
 * data is missing (a form post without JavaScript that the page refused: React Router then runs
 * no loader at or below the boundary), the shell is built from the root's signed-in user,
 * through `fromUser`, as long as that user belongs in the area.
 */
export function AreaErrorBoundary<Layout extends { userName: string }>({
	error,
	layoutId,
	areaLabel,
	links,
	fromUser,
}: {
	error: unknown
	layoutId: string
	areaLabel: string
	links: AreaLink[] | ((layout: Layout) => AreaLink[])
	fromUser: (user: { name: string; role: Role }) => Layout | undefined
}) {
	const root = useRouteLoaderData('root') as
		{ user: { name: string; role: Role } | null } | undefined
	const layout =
		(useRouteLoaderData(layoutId) as Layout | undefined) ??
		(root?.user ? fromUser(root.user) : undefined)
	if (!layout) return <RouteError error={error} />
	return (
		<DashboardShell
			areaLabel={areaLabel}
			userName={layout.userName}
			links={typeof links === 'function' ? links(layout) : links}
		>
			<RouteError error={error} framed />
		</DashboardShell>
	)
}
