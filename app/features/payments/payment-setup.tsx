import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { Link } from '~/ui/link'
import type { Settled } from '~/platform/settle.server'
import { Button, buttonClass } from '~/ui/button'
import { FormErrors, formErrorsOf } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { useSubmitting } from '~/ui/use-form'
import type { PayoutAccount } from './schema'

const statusText: Record<PayoutAccount['status'], MessageDescriptor> = {
	not_started: msg`Not set up: you cannot receive course payments yet.`,
	pending: msg`Started: the card payment provider still needs some details from you.`,
	complete: msg`Ready: course payments are paid out to your account.`,
}

/** The payment-setup page of both areas. */
export function PaymentSetupPage({
	account,
	actionData,
}: {
	account: Settled<PayoutAccount>
	actionData: SubmissionResult<string[]> | undefined
}) {
	const busy = useSubmitting()
	const { t } = useLingui()
	return (
		<div className="flex max-w-2xl flex-col gap-6">
			<div>
				<h1 className="text-2xl font-bold">
					<Trans>Payment setup</Trans>
				</h1>
				<p className="mt-2 text-slate-700">
					<Trans>
						Connect an account with our card payment provider so that students can pay for your
						courses and the money reaches you.
					</Trans>
				</p>
			</div>
			<FormErrors id="payment-setup-errors" errors={formErrorsOf(actionData)} />
			{account.ok ? (
				<section
					aria-labelledby="payout-heading"
					className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6"
				>
					<h2 id="payout-heading" className="text-lg font-semibold">
						<Trans>Payout account</Trans>
					</h2>
					<dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
						<dt className="text-slate-600">
							<Trans>Status</Trans>
						</dt>
						<dd data-testid="payout-status">{t(statusText[account.value.status])}</dd>
						<dt className="text-slate-600">
							<Trans>Provider</Trans>
						</dt>
						<dd>
							{account.value.provider === 'stripe' ? (
								'Stripe'
							) : (
								<Trans>Test payments (no Stripe keys configured)</Trans>
							)}
						</dd>
						{account.value.accountId ? (
							<>
								<dt className="text-slate-600">
									<Trans>Account</Trans>
								</dt>
								<dd className="font-mono text-sm">{account.value.accountId}</dd>
							</>
						) : null}
					</dl>
					{account.value.status !== 'complete' ? (
						<Form method="post">
							<Button disabled={busy}>
								{account.value.status === 'not_started' ? (
									<Trans>Set up payments</Trans>
								) : (
									<Trans>Continue setup</Trans>
								)}
							</Button>
						</Form>
					) : null}
				</section>
			) : (
				<LoadError error={account.error} />
			)}
		</div>
	)
}

/** The provider's complete-onboarding page of both areas. */
export function CompleteOnboardingPage({
	account,
	area,
}: {
	account: Settled<PayoutAccount>
	area: string
}) {
	return (
		<div className="flex max-w-2xl flex-col gap-4">
			<h1 className="text-2xl font-bold">
				<Trans>Payment setup</Trans>
			</h1>
			{account.ok ? (
				account.value.status === 'complete' ? (
					<p role="status" className="rounded-md border border-green-300 bg-green-50 p-4">
						<Trans>
							Your payout account is ready. Students' payments for your courses now reach you.
						</Trans>
					</p>
				) : (
					<p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4">
						<Trans>
							The card payment provider still needs some details before you can receive payments.
						</Trans>
					</p>
				)
			) : (
				<LoadError error={account.error} />
			)}
			<div className="flex flex-wrap gap-3">
				<Link to={`${area}/payment-setup`} className={buttonClass('secondary')}>
					<Trans>Back to payment setup</Trans>
				</Link>
				<Link to={`${area}/courses`} className={buttonClass()}>
					<Trans>Go to courses</Trans>
				</Link>
			</div>
		</div>
	)
}
