import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '~/ui/link'
import { TwoFactorSettings } from './account-settings'
import type { AccountStatus } from './schema'

/** Two-factor sign-in, required by the teacher's organization: set it up, then go on. */
export function TwoFactorRequiredPage({
	account,
	actionData,
	dashboard,
}: {
	account: AccountStatus
	actionData: unknown
	dashboard: string
}) {
	const { t } = useLingui()
	const on = account.twoFactor?.enabled === true
	return (
		<div className="flex max-w-2xl flex-col gap-6">
			<h1 className="text-2xl font-bold">
				<Trans>Set up two-factor sign-in</Trans>
			</h1>
			<p className="text-slate-700">
				{on
					? t`Two-factor sign-in is on. Your organization’s requirement is met.`
					: t`Your organization requires two-factor sign-in of its teachers. Set it up here to continue: the rest of TutorHub opens once it is on.`}
			</p>
			<TwoFactorSettings account={account} actionData={actionData} />
			{on ? (
				<Link
					to={dashboard}
					className="self-start rounded-md bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800"
				>
					<Trans>Continue to your dashboard</Trans>
				</Link>
			) : null}
		</div>
	)
}
