import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { ConformField, FormErrors } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import { TextLink } from '~/ui/text-link'
import type { TwoFactorCodeFields } from './schema'

/** A two-factor login's second step: the code from the app, or a recovery code (decision 033). */
export function TwoFactorLoginPage({
	pending,
	actionData,
}: {
	/** Whether a password was right just before: otherwise there is no code to ask for. */
	pending: boolean
	actionData: SubmissionResult<string[]> | undefined
}) {
	const [form, fields] = useForm<TwoFactorCodeFields>({
		id: 'two-factor-login',
		lastResult: actionData,
		// Validated by the action (public pages ship no schema library; docs/decisions/010).
	})
	const busy = useSubmitting()
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">Two-factor sign-in</h1>
			<p className="mt-2 text-slate-700">
				{pending
					? 'Your password was right. Enter the code your authenticator app shows for TutorHub.'
					: 'Log in with your email and password first; this page then asks for your code.'}
			</p>
			<Form method="post" className="mt-6 flex flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				<ConformField
					label="Code"
					hint="6 digits from your app, or one of your recovery codes."
					meta={fields.code}
					autoComplete="one-time-code"
					autoCapitalize="none"
					spellCheck={false}
					required
				/>
				<Button disabled={busy}>{busy ? 'Checking…' : 'Log in'}</Button>
			</Form>
			<p className="mt-4 text-sm">
				<TextLink to="/login">Start again</TextLink>
			</p>
		</div>
	)
}
