import { getFormProps } from '@conform-to/react'
import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/reset-password'
import { NewPasswordFields } from '~/features/account/account-settings'
import { isResetLinkUsable, resetPassword } from '~/features/account/api.server'
import { resetPasswordSchema, type ResetPasswordFields } from '~/features/account/schema'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { redirectSignedIn, upstream } from '~/platform/request.server'
import { throwPageError } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { Button } from '~/ui/button'
import { FormErrors } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'

const asOf = (value: string | null) => (value === 'organization' ? 'organization' : 'user')

/** Opened from the reset mail: `?token=` (and `as=organization` for an organization's login). */
export async function loader({ context, request }: Route.LoaderArgs) {
	redirectSignedIn(context)
	const url = new URL(request.url)
	const token = url.searchParams.get('token') ?? ''
	const as = asOf(url.searchParams.get('as'))
	// Asked, not spent: a mail scanner opening the link changes nothing.
	const usable =
		token.length > 0 &&
		token.length <= 200 &&
		// The API down or failing: the page says so in its area, never the crash screen.
		(await isResetLinkUsable(upstream(context, request), token).catch(throwPageError))
	return { token: usable ? token : null, as }
}

export async function action({ context, request }: Route.ActionArgs) {
	redirectSignedIn(context)
	const submission = parseForm(await readForm(request), { schema: resetPasswordSchema })
	if (submission.status !== 'success') {
		return data(submission.reply({ hideFields: ['password', 'confirmPassword'] }), { status: 400 })
	}
	const { token, password, as } = submission.value
	try {
		const { message } = await resetPassword(upstream(context, request), token, password)
		sendToast(context, successToast(message))
		return redirect(as === 'organization' ? '/login?as=organization' : '/login')
	} catch (error) {
		// A used or expired link: its own words, not a field's.
		if (
			error instanceof UpstreamError &&
			error.fieldErrors.some((field) => field.path === 'token')
		) {
			return data(
				submission.reply({ formErrors: [error.text], hideFields: ['password', 'confirmPassword'] }),
				{ status: 400 },
			)
		}
		return replyWithUpstreamError(context, submission, error, ['password', 'confirmPassword'])
	}
}

export function meta() {
	return [{ title: 'Choose a new password | TutorHub' }]
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
	const { token, as } = loaderData
	const [form, fields] = useForm<ResetPasswordFields>({
		id: 'reset-password',
		lastResult: actionData,
	})
	const forgotLink = as === 'organization' ? '/forgot-password?as=organization' : '/forgot-password'
	const saving = useSubmitting()

	if (!token) {
		return (
			<div className="mx-auto max-w-md px-4 py-12">
				<h1 className="text-3xl font-bold">Choose a new password</h1>
				<p
					role="alert"
					className="mt-6 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
				>
					This password reset link is invalid, used or expired. Ask for a new one.
				</p>
				<p className="mt-6">
					<Link className="font-semibold text-indigo-800 underline" to={forgotLink}>
						Ask for a new link
					</Link>
				</p>
			</div>
		)
	}
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">Choose a new password</h1>
			<p className="mt-3 text-slate-700">
				Setting it logs you out on every device; then log in with the new password.
			</p>
			<Form method="post" className="mt-6 flex flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				{form.errors?.length ? (
					<p className="text-sm">
						<Link className="font-semibold text-indigo-800 underline" to={forgotLink}>
							Ask for a new link
						</Link>
					</p>
				) : null}
				<input type="hidden" name="token" value={token} />
				<input type="hidden" name="as" value={as} />
				<NewPasswordFields password={fields.password} confirm={fields.confirmPassword} />
				<Button disabled={saving}>{saving ? 'Saving…' : 'Set new password'}</Button>
			</Form>
		</div>
	)
}
