import { Trans, useLingui } from '@lingui/react/macro'
import { Form } from 'react-router'
import type { RouteData } from '~/platform/route-data'
import { Button } from '~/ui/button'
import { TextLink } from '~/ui/text-link'
import { useSubmitting } from '~/ui/use-form'
import type {
	loadTwoFactorRecovery,
	startTwoFactorRecoveryAction,
} from './two-factor-recovery.server'

/** The mailed link of "I can't use my codes": one button starts the three-day wait (decision 053). */
export function TwoFactorRecoveryPage({
	loaderData,
	actionData,
}: {
	loaderData: RouteData<typeof loadTwoFactorRecovery>
	actionData: RouteData<typeof startTwoFactorRecoveryAction> | undefined
}) {
	const { t } = useLingui()
	const busy = useSubmitting()
	const answer =
		actionData ??
		(loaderData.token
			? null
			: {
					started: false,
					message: t`This link is invalid, used or expired. Log in and ask for a new one on the page that asks for your code.`,
				})
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">
				<Trans>Turn off two-factor sign-in</Trans>
			</h1>
			{answer ? (
				<>
					<p
						role={answer.started ? 'status' : 'alert'}
						className={`mt-6 rounded-md border p-3 text-sm ${answer.started ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : 'border-red-300 bg-red-50 text-red-900'}`}
					>
						{answer.message}
					</p>
					<p className="mt-6">
						<TextLink to="/login">
							<Trans>Log in</Trans>
						</TextLink>
					</p>
				</>
			) : (
				<Form method="post" className="mt-6 flex flex-col gap-4">
					<p className="text-slate-700">
						<Trans>
							You said you can&apos;t use the two-factor codes of your TutorHub account. Three days
							after you press the button, two-factor sign-in turns off and you log in with your
							password alone. Until then, logging in with a code can cancel it.
						</Trans>
					</p>
					<input type="hidden" name="token" value={loaderData.token ?? ''} />
					<Button disabled={busy}>{busy ? t`Starting…` : t`Start the three-day wait`}</Button>
				</Form>
			)}
		</div>
	)
}
