import { Trans } from '@lingui/react/macro'
import { useRouteLoaderData } from 'react-router'
import { Link } from '~/ui/link'
import { dashboardPath } from '~/platform/roles'
import { buttonClass } from '~/ui/button'
import type { loader as rootLoader } from '~/root'

export function UnauthorizedPage() {
	const user = useRouteLoaderData<typeof rootLoader>('root')?.user
	return (
		<div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
			<h1 className="text-3xl font-bold">
				<Trans>You are not allowed to view that page</Trans>
			</h1>
			<p className="text-slate-700">
				<Trans>That page belongs to another kind of account.</Trans>
			</p>
			<Link to={user ? dashboardPath[user.role] : '/login'} className={buttonClass()}>
				{user ? <Trans>Go to my dashboard</Trans> : <Trans>Log in</Trans>}
			</Link>
		</div>
	)
}
