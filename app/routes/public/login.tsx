import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router'
import type { Route } from './+types/login'
import { loginSearch, otherLoginOf } from '~/features/users/login-switch'
import { loginSchema, type LoginFields } from '~/features/users/schema'
import { authenticator } from '~/features/users/auth.server'
import { readForm, replyWithUpstreamError } from '~/platform/form.server'
import { redirectSignedIn, startSession } from '~/platform/request.server'
import { dashboardPath } from '~/platform/roles'
import { safeRedirect } from '~/platform/safe-redirect'
import { Button } from '~/ui/button'
import { FormErrors, inputProps, TextField } from '~/ui/field'
import { useForm } from '~/ui/use-form'

/** People (students, teachers) and organizations log in through separate calls. */
function accountKind(form: FormData) {
	return form.get('as') === 'organization' ? 'organization' : 'user'
}

export function loader({ context }: Route.LoaderArgs) {
	redirectSignedIn(context)
	return null
}

export async function action({ context, request }: Route.ActionArgs) {
	redirectSignedIn(context)
	const formData = await readForm(request)
	const submission = parseWithZod(formData, { schema: loginSchema })
	if (submission.status !== 'success') {
		return data(submission.reply({ hideFields: ['password'] }), { status: 400 })
	}
	try {
		const { user, tokens } = await authenticator(context, request).authenticate(
			accountKind(formData),
			// The body is read once (within the form limit); the strategy gets the same fields.
			new Request(request.url, { method: 'POST', body: formData }),
		)
		startSession(context, user, tokens)
		return redirect(safeRedirect(submission.value.redirectTo, dashboardPath[user.role]))
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, ['password'])
	}
}

export function meta() {
	return [{ title: 'Log in | TutorHub' }]
}

export default function Login({ actionData }: Route.ComponentProps) {
	const [searchParams] = useSearchParams()
	const asOrganization = searchParams.get('as') === 'organization'
	const navigation = useNavigation()
	const [form, fields] = useForm<LoginFields>({
		// One form per login: switching logins starts afresh, without the other login's errors.
		id: asOrganization ? 'login-organization' : 'login-user',
		lastResult: actionData,
		defaultValue: { email: searchParams.get('email') ?? '' },
		// Validated by the action (public pages ship no schema library; docs/decisions/010).
	})
	// Only a same-site path is carried on (to sign-up and back): the action checks it again.
	const redirectTo = safeRedirect(searchParams.get('redirectTo'), '')
	const returnQuery = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''
	const otherLogin = otherLoginOf(form.errors)

	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">{asOrganization ? 'Organization log in' : 'Log in'}</h1>
			<nav aria-label="Account type" className="mt-4 flex gap-2 text-sm">
				<Link
					to={{ search: returnQuery }}
					aria-current={asOrganization ? undefined : 'page'}
					className={`rounded-md px-3 py-1.5 font-semibold ${asOrganization ? 'text-indigo-800 underline' : 'bg-indigo-100 text-indigo-900'}`}
				>
					Student or teacher
				</Link>
				<Link
					to={{
						search: `?as=organization${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ''}`,
					}}
					aria-current={asOrganization ? 'page' : undefined}
					className={`rounded-md px-3 py-1.5 font-semibold ${asOrganization ? 'bg-indigo-100 text-indigo-900' : 'text-indigo-800 underline'}`}
				>
					Organization
				</Link>
			</nav>
			<Form method="post" className="mt-6 flex flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				{otherLogin ? (
					<p className="text-sm">
						<Link
							className="font-semibold text-indigo-800 underline"
							to={{ search: loginSearch(otherLogin, redirectTo) }}
						>
							{otherLogin === 'organization'
								? 'Switch to organization log in'
								: 'Switch to student or teacher log in'}
						</Link>
					</p>
				) : null}
				<input type="hidden" name="redirectTo" value={redirectTo} />
				<input type="hidden" name="as" value={asOrganization ? 'organization' : 'user'} />
				<TextField
					label="Email"
					meta={fields.email}
					{...inputProps(fields.email, 'email')}
					autoComplete="email"
					required
				/>
				<TextField
					label="Password"
					meta={fields.password}
					{...inputProps(fields.password, 'password')}
					autoComplete="current-password"
					required
				/>
				<Button disabled={navigation.state === 'submitting'}>
					{navigation.state === 'submitting' ? 'Logging in…' : 'Log in'}
				</Button>
			</Form>
			<p className="mt-4 text-sm">
				<Link
					className="font-semibold text-indigo-800 underline"
					to={asOrganization ? '/forgot-password?as=organization' : '/forgot-password'}
				>
					Forgot password?
				</Link>
			</p>
			<p className="mt-6 text-sm text-slate-700">
				New here?{' '}
				<Link
					className="font-semibold text-indigo-800 underline"
					to={`${asOrganization ? '/signup/organization' : '/signup/student'}${returnQuery}`}
				>
					Create an account
				</Link>
			</p>
		</div>
	)
}
