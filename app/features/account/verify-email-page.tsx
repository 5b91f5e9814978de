import { Trans, useLingui } from '@lingui/react/macro'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { useSubmitting } from '~/ui/use-form'
import type { RouteData } from '~/platform/route-data'
import { TextLink } from '~/ui/text-link'
import type { loadVerifyEmail } from './verify-email.server'
import type { verifyEmailAction } from './verify-email.server'

export function VerifyEmailPage({
	loaderData,
	actionData,
}: {
	loaderData: RouteData<typeof loadVerifyEmail>
	actionData: RouteData<typeof verifyEmailAction> | undefined
}) {
	const { t } = useLingui()
	const { token } = loaderData
	const refused = actionData ?? (token ? null : loaderData)
	const confirming = useSubmitting()
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">
				<Trans>Verify your email address</Trans>
			</h1>
			{refused ? (
				<>
					<p
						role="alert"
						className="mt-6 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
					>
						{refused.message}
					</p>
					<p className="mt-6">
						<TextLink to={refused.next ?? '/login'}>
							{refused.next ? t`Go to your dashboard` : t`Log in`}
						</TextLink>
					</p>
				</>
			) : (
				<Form method="post" className="mt-6 flex flex-col gap-4">
					<p className="text-slate-700">
						<Trans>
							Confirm that you asked for this TutorHub account or email change and that this mailbox
							is yours.
						</Trans>
					</p>
					<input type="hidden" name="token" value={token ?? ''} />
					<Button disabled={confirming}>
						{confirming ? t`Confirming…` : t`Confirm my email address`}
					</Button>
				</Form>
			)}
		</div>
	)
}
