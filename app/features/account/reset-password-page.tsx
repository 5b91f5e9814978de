import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps } from '@conform-to/react'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { FormErrors } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import type { RouteData } from '~/platform/route-data'
import { TextLink } from '~/ui/text-link'
import { NewPasswordFields } from './account-settings'
import type { ResetPasswordFields } from './schema'
import type { loadResetPassword } from './reset-password.server'
import type { resetPasswordAction } from './reset-password.server'

export function ResetPasswordPage({
	loaderData,
	actionData,
}: {
	loaderData: RouteData<typeof loadResetPassword>
	actionData: RouteData<typeof resetPasswordAction> | undefined
}) {
	const { token, as } = loaderData
	const [form, fields] = useForm<ResetPasswordFields>({
		id: 'reset-password',
		lastResult: actionData,
	})
	const forgotLink = as === 'organization' ? '/forgot-password?as=organization' : '/forgot-password'
	const saving = useSubmitting()
	const { t } = useLingui()

	if (!token) {
		return (
			<div className="mx-auto max-w-md px-4 py-12">
				<h1 className="text-3xl font-bold">
					<Trans>Choose a new password</Trans>
				</h1>
				<p
					role="alert"
					className="mt-6 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
				>
					<Trans>This password reset link is invalid, used or expired. Ask for a new one.</Trans>
				</p>
				<p className="mt-6">
					<TextLink to={forgotLink}>
						<Trans>Ask for a new link</Trans>
					</TextLink>
				</p>
			</div>
		)
	}
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">
				<Trans>Choose a new password</Trans>
			</h1>
			<p className="mt-3 text-slate-700">
				<Trans>Setting it logs you out on every device; then log in with the new password.</Trans>
			</p>
			<Form method="post" className="mt-6 flex flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				{form.errors?.length ? (
					<p className="text-sm">
						<TextLink to={forgotLink}>
							<Trans>Ask for a new link</Trans>
						</TextLink>
					</p>
				) : null}
				<input type="hidden" name="token" value={token} />
				<input type="hidden" name="as" value={as} />
				<NewPasswordFields password={fields.password} confirm={fields.confirmPassword} />
				<Button disabled={saving}>{saving ? t`Saving…` : t`Set new password`}</Button>
			</Form>
		</div>
	)
}
