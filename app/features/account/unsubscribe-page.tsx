import { Trans, useLingui } from '@lingui/react/macro'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { useSubmitting } from '~/ui/use-form'
import type { RouteData } from '~/platform/route-data'
import { TextLink } from '~/ui/text-link'
import { unsubscribeInvalidLink } from './schema'
import type { loadUnsubscribe } from './unsubscribe.server'
import type { unsubscribeAction } from './unsubscribe.server'

export function UnsubscribePage({
	loaderData,
	actionData,
}: {
	loaderData: RouteData<typeof loadUnsubscribe>
	actionData: RouteData<typeof unsubscribeAction> | undefined
}) {
	const { t } = useLingui()
	const submitting = useSubmitting()
	const answer =
		actionData ?? (loaderData.usable ? null : { done: false, message: unsubscribeInvalidLink() })
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">
				<Trans>Unsubscribe</Trans>
			</h1>
			{answer ? (
				<>
					<p
						role={answer.done ? 'status' : 'alert'}
						className={`mt-6 rounded-md border p-3 text-sm ${answer.done ? 'border-green-300 bg-green-50 text-green-900' : 'border-red-300 bg-red-50 text-red-900'}`}
					>
						{answer.message}
					</p>
					<p className="mt-6">
						<TextLink to="/login">
							<Trans>Log in to your notification settings</Trans>
						</TextLink>
					</p>
				</>
			) : (
				<Form method="post" className="mt-6 flex flex-col gap-4">
					<p className="text-slate-700">
						<Trans>
							Stop the mails of the kind this link came with. Your other notification mails stay as
							they are, and you can turn this one on again in your profile.
						</Trans>
					</p>
					<Button disabled={submitting}>{submitting ? t`Unsubscribing…` : t`Unsubscribe`}</Button>
				</Form>
			)}
		</div>
	)
}
