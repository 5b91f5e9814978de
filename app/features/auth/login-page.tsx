import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form, useSearchParams } from 'react-router'
import { Link } from '~/ui/link'
import { safeRedirect } from '~/platform/safe-redirect'
import { Button } from '~/ui/button'
import { EmailField, FormErrors, PasswordField } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import { TextLink } from '~/ui/text-link'
import { loginSearch, otherLoginOf } from './login-switch'
import type { LoginFields } from '~/features/users/schema'

/** Log in, as a person (student or teacher) or as an organization (`?as=organization`). */
export function LoginPage({ actionData }: { actionData: SubmissionResult<string[]> | undefined }) {
	const [searchParams] = useSearchParams()
	const asOrganization = searchParams.get('as') === 'organization'
	const [form, fields] = useForm<LoginFields>({
		// One form per login: switching logins starts afresh, without the other login's errors.
		id: asOrganization ? 'login-organization' : 'login-user',
		lastResult: actionData,
		defaultValue: { email: searchParams.get('email') ?? '' },
		// Validated by the action (public pages ship no schema library; docs/decisions/010).
	})
	const busy = useSubmitting()
	// Only a same-site path is carried on (to sign-up and back): the action checks it again.
	const redirectTo = safeRedirect(searchParams.get('redirectTo'), '')
	const returnQuery = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''
	const { t, i18n } = useLingui()
	const otherLogin = otherLoginOf(form.errors, i18n)

	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">{asOrganization ? t`Organization log in` : t`Log in`}</h1>
			<nav aria-label={t`Account type`} className="mt-4 flex gap-2 text-sm">
				<Link
					to={{ search: returnQuery }}
					aria-current={asOrganization ? undefined : 'page'}
					className={`rounded-md px-3 py-1.5 font-semibold ${asOrganization ? 'text-indigo-800 underline' : 'bg-indigo-100 text-indigo-900'}`}
				>
					<Trans>Student or teacher</Trans>
				</Link>
				<Link
					to={{
						search: `?as=organization${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ''}`,
					}}
					aria-current={asOrganization ? 'page' : undefined}
					className={`rounded-md px-3 py-1.5 font-semibold ${asOrganization ? 'bg-indigo-100 text-indigo-900' : 'text-indigo-800 underline'}`}
				>
					<Trans>Organization</Trans>
				</Link>
			</nav>
			<Form method="post" className="mt-6 flex flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				{otherLogin ? (
					<p className="text-sm">
						<TextLink to={{ search: loginSearch(otherLogin, redirectTo) }}>
							{otherLogin === 'organization'
								? t`Switch to organization log in`
								: t`Switch to student or teacher log in`}
						</TextLink>
					</p>
				) : null}
				<input type="hidden" name="redirectTo" value={redirectTo} />
				<input type="hidden" name="as" value={asOrganization ? 'organization' : 'user'} />
				<EmailField meta={fields.email} />
				<PasswordField meta={fields.password} />
				<Button disabled={busy}>{busy ? t`Logging in…` : t`Log in`}</Button>
			</Form>
			<p className="mt-4 text-sm">
				<TextLink to={asOrganization ? '/forgot-password?as=organization' : '/forgot-password'}>
					<Trans>Forgot password?</Trans>
				</TextLink>
			</p>
			{asOrganization ? null : (
				<p className="mt-4 text-sm">
					<TextLink to="/login/sso">
						<Trans>Sign in with your school</Trans>
					</TextLink>
				</p>
			)}
			<p className="mt-6 text-sm text-slate-700">
				<Trans>
					New here?{' '}
					<TextLink
						to={`${asOrganization ? '/signup/organization' : '/signup/student'}${returnQuery}`}
					>
						Create an account
					</TextLink>
				</Trans>
			</p>
		</div>
	)
}
