import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Outlet, useLocation, useRouteLoaderData, useSearchParams } from 'react-router'
import { LanguageSwitcher } from '~/ui/language-switcher'
import { Link } from '~/ui/link'
import { dashboardPath } from '~/platform/roles'
import { safeRedirect } from '~/platform/safe-redirect'
import { buttonClass } from '~/ui/button'
import { LogoutButton } from '~/ui/logout-button'
import type { loader as rootLoader } from '~/root'

const links = [
	{ to: '/', label: msg`Home` },
	{ to: '/courses', label: msg`Courses` },
	{ to: '/pricing', label: msg`Pricing` },
	{ to: '/about-us', label: msg`About us` },
	{ to: '/contact-us', label: msg`Contact us` },
]

export default function PublicLayout() {
	const { t } = useLingui()
	const user = useRouteLoaderData<typeof rootLoader>('root')?.user
	// On the way to log in for a page (a checkout), the header's Log in and Sign up keep the way back.
	const [searchParams] = useSearchParams()
	const back = safeRedirect(searchParams.get('redirectTo'), '')
	const returnQuery = back ? `?redirectTo=${encodeURIComponent(back)}` : ''
	// The current page's link, worked out once for the list (as NavLink with `end` would, per link).
	const current = useLocation()
		.pathname.replace(/(.)\/+$/, '$1')
		.toLowerCase()
	return (
		<div className="flex min-h-screen flex-col">
			<header className="border-b border-slate-200 bg-white">
				<div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
					<Link to="/" className="text-xl font-bold text-indigo-800">
						TutorHub
					</Link>
					<nav aria-label={t`Main`}>
						<ul className="flex flex-wrap gap-4 text-sm font-medium">
							{links.map((link) => (
								<li key={link.to}>
									<Link
										to={link.to}
										aria-current={current === link.to ? 'page' : undefined}
										className={
											current === link.to
												? 'text-indigo-800 underline'
												: 'text-slate-700 hover:text-indigo-800'
										}
									>
										{t(link.label)}
									</Link>
								</li>
							))}
						</ul>
					</nav>
					<div className="flex items-center gap-3">
						{user ? (
							<>
								<Link to={dashboardPath[user.role]} className={buttonClass()}>
									<Trans>My dashboard</Trans>
								</Link>
								<LogoutButton />
							</>
						) : (
							<>
								<Link to={`/login${returnQuery}`} className={buttonClass('secondary')}>
									<Trans>Log in</Trans>
								</Link>
								<Link to={`/signup/student${returnQuery}`} className={buttonClass()}>
									<Trans>Sign up</Trans>
								</Link>
							</>
						)}
					</div>
				</div>
			</header>
			<main id="main" className="flex-1">
				<Outlet />
			</main>
			<footer className="border-t border-slate-200 bg-white">
				<div className="mx-auto flex max-w-6xl flex-wrap justify-between gap-4 px-4 py-6 text-sm text-slate-600">
					<p>© {new Date().getFullYear()} TutorHub</p>
					<nav aria-label={t`Footer`}>
						<ul className="flex flex-wrap gap-4">
							<li>
								<Link to="/signup/teacher" className="hover:text-indigo-800">
									<Trans>Teach with us</Trans>
								</Link>
							</li>
							<li>
								<Link to="/signup/organization" className="hover:text-indigo-800">
									<Trans>For organizations</Trans>
								</Link>
							</li>
							<li>
								<Link to="/contact-us" className="hover:text-indigo-800">
									<Trans>Contact</Trans>
								</Link>
							</li>
						</ul>
					</nav>
					<LanguageSwitcher />
				</div>
			</footer>
		</div>
	)
}
