import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { formatDateTime } from '~/platform/dates'
import { Button } from '~/ui/button'
import { ConformField, FormErrors } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import { TextLink } from '~/ui/text-link'
import type { TwoFactorCodeFields, WayBackAnswer } from '~/features/users/schema'

const isWayBack = (value: unknown): value is WayBackAnswer =>
	typeof value === 'object' && value !== null && 'wayBack' in value

/** A two-factor login's second step: the code from the app, or a recovery code (decision 033). */
export function TwoFactorLoginPage({
	pending,
	recoveryReadyAt,
	actionData,
}: {
	/** Whether a password was right just before: otherwise there is no code to ask for. */
	pending: boolean
	/** When the owner's request to turn two-factor off takes effect, if one waits (decision 053). */
	recoveryReadyAt: string | null
	actionData: SubmissionResult<string[]> | WayBackAnswer | undefined
}) {
	const wayBack = isWayBack(actionData) ? actionData.wayBack : null
	const [form, fields] = useForm<TwoFactorCodeFields>({
		id: 'two-factor-login',
		lastResult: isWayBack(actionData) ? undefined : actionData,
		// Validated by the action (public pages ship no schema library; docs/decisions/010).
	})
	const busy = useSubmitting()
	const { t } = useLingui()
	const readyAt = recoveryReadyAt ? formatDateTime(recoveryReadyAt, 'UTC') : ''
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">
				<Trans>Two-factor sign-in</Trans>
			</h1>
			<p className="mt-2 text-slate-700">
				{pending
					? t`Your password was right. Enter the code your authenticator app shows for TutorHub.`
					: t`Log in with your email and password first; this page then asks for your code.`}
			</p>
			{recoveryReadyAt ? (
				<p
					role="status"
					className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
				>
					<Trans>
						A request to turn off two-factor sign-in for this account is waiting. On {readyAt}, it
						turns off and you log in with your password alone. If you did not ask for it, log in
						with your code and cancel it in your profile.
					</Trans>
				</p>
			) : null}
			<Form method="post" className="mt-6 flex flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				<ConformField
					label={t`Code`}
					hint={t`6 digits from your app, or one of your recovery codes.`}
					meta={fields.code}
					autoComplete="one-time-code"
					autoCapitalize="none"
					spellCheck={false}
					required
				/>
				<Button disabled={busy}>{busy ? t`Checking…` : t`Log in`}</Button>
			</Form>
			{pending && !recoveryReadyAt ? (
				<section aria-labelledby="way-back-heading" className="mt-8 border-t border-slate-200 pt-4">
					<h2 id="way-back-heading" className="font-semibold">
						<Trans>Locked out of two-factor sign-in?</Trans>
					</h2>
					<p className="mt-1 text-sm text-slate-700">
						<Trans>
							If you have lost your phone and your recovery codes, or someone else turned two-factor
							sign-in on, we can mail you a link. Three days after you follow it, two-factor sign-in
							turns off and you log in with your password alone.
						</Trans>
					</p>
					{wayBack ? (
						<p
							role={wayBack.sent ? 'status' : 'alert'}
							className={`mt-2 text-sm ${wayBack.sent ? 'text-emerald-800' : 'text-red-700'}`}
						>
							{wayBack.message}
						</p>
					) : null}
					<Form method="post" className="mt-3">
						<input type="hidden" name="intent" value="recovery" />
						<Button variant="secondary" disabled={busy}>
							<Trans>I can&apos;t use my codes</Trans>
						</Button>
					</Form>
				</section>
			) : null}
			<p className="mt-4 text-sm">
				<TextLink to="/login">
					<Trans>Start again</Trans>
				</TextLink>
			</p>
		</div>
	)
}
