import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps } from '@conform-to/react'
import { Form, useSearchParams } from 'react-router'
import { Button } from '~/ui/button'
import { EmailField, FormErrors } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import type { RouteData } from '~/platform/route-data'
import { TextLink } from '~/ui/text-link'
import type { ForgotPasswordFields } from './schema'
import type { forgotPasswordAction } from './forgot-password.server'

export function ForgotPasswordPage({
	actionData,
}: {
	actionData: RouteData<typeof forgotPasswordAction> | undefined
}) {
	const [searchParams] = useSearchParams()
	const asOrganization = searchParams.get('as') === 'organization'
	const [form, fields] = useForm<ForgotPasswordFields>({
		id: asOrganization ? 'forgot-organization' : 'forgot-user',
		lastResult: actionData?.result,
		// Validated by the action (public pages ship no schema library; docs/decisions/010).
	})
	const loginLink = asOrganization ? '/login?as=organization' : '/login'
	const sending = useSubmitting()
	const { t } = useLingui()

	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">
				{asOrganization ? t`Organization: forgot password` : t`Forgot password`}
			</h1>
			<p className="mt-3 text-slate-700">
				{asOrganization
					? t`Enter the email address of your organization account. We will send it a link to choose a new password.`
					: t`Enter the email address of your account. We will send it a link to choose a new password.`}
			</p>
			{actionData?.sent ? (
				<p
					role="status"
					className="mt-6 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950"
				>
					{actionData.sent}
				</p>
			) : null}
			<Form method="post" className="mt-6 flex flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				<input type="hidden" name="as" value={asOrganization ? 'organization' : 'user'} />
				<EmailField meta={fields.email} />
				<Button disabled={sending}>{sending ? t`Sending…` : t`Send reset link`}</Button>
			</Form>
			<p className="mt-6 text-sm text-slate-700">
				<Trans>
					Remembered it? <TextLink to={loginLink}>Back to log in</TextLink>
				</Trans>
			</p>
		</div>
	)
}
