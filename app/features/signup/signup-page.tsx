import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { Form, useSearchParams } from 'react-router'
import { Link } from '~/ui/link'
import { organizationTypes } from '~/features/organizations/organization-types'
import type { OrganizationSignup } from '~/features/organizations/schema'
import type { StudentSignupFields, TeacherSignupFields } from '~/features/users/schema'
import { safeRedirect } from '~/platform/safe-redirect'
import { Button } from '~/ui/button'
import {
	ConformField,
	ConformSelect,
	ConformTextArea,
	EmailField,
	FormErrors,
	PasswordField,
} from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import { TextLink } from '~/ui/text-link'
import { returnQuery, signupHeadings, signupRole, type SignupRole } from './signup'

// The kinds' names as this page shows them, in the page's language (the values are the API's).
const organizationTypeLabels: Record<
	(typeof organizationTypes)[number]['value'],
	MessageDescriptor
> = {
	school: msg`School`,
	tutoring_center: msg`Tutoring centre`,
	university: msg`University`,
	company: msg`Company`,
	other: msg`Other`,
}

type SignupFields = StudentSignupFields & TeacherSignupFields & OrganizationSignup

function loginPath(role: SignupRole, back: string) {
	const query = [role === 'organization' ? 'as=organization' : '', back].filter(Boolean).join('&')
	return query ? `/login?${query}` : '/login'
}

/** Sign-up for a student, a teacher or an organization: the role comes from the address. */
export function SignupPage({
	roleParam,
	actionData,
}: {
	roleParam: string | undefined
	actionData: SubmissionResult<string[]> | undefined
}) {
	const role = signupRole(roleParam)
	const known = roleParam === role
	const [searchParams] = useSearchParams()
	const back = returnQuery(searchParams.get('redirectTo'))
	const [form, fields] = useForm<SignupFields>({
		id: `signup-${role}`,
		// Validated by the action (public pages ship no schema library; docs/decisions/010).
		lastResult: actionData,
	})
	const busy = useSubmitting()
	const { t } = useLingui()

	return (
		// An unknown role still gets the student form, with its own top padding (spec section 2).
		<div className={`mx-auto max-w-xl px-4 pb-12 ${known ? 'pt-12' : 'pt-6'}`}>
			<h1 className="text-3xl font-bold">{t(signupHeadings[role].title)}</h1>
			<p className="mt-2 text-slate-700">{t(signupHeadings[role].intro)}</p>
			<nav aria-label={t`Account type`} className="mt-4 flex flex-wrap gap-2 text-sm">
				{(['student', 'teacher', 'organization'] as const).map((option) => (
					<Link
						key={option}
						to={`/signup/${option}${back ? `?${back}` : ''}`}
						aria-current={option === role ? 'page' : undefined}
						className={`rounded-md px-3 py-1.5 font-semibold ${option === role ? 'bg-indigo-100 text-indigo-900' : 'text-indigo-800 underline'}`}
					>
						{option === 'student' ? (
							<Trans>Student</Trans>
						) : option === 'teacher' ? (
							<Trans>Teacher</Trans>
						) : (
							<Trans>Organization</Trans>
						)}
					</Link>
				))}
			</nav>
			<Form
				method="post"
				encType={role === 'organization' ? 'multipart/form-data' : undefined}
				className="mt-6 flex flex-col gap-4"
				{...getFormProps(form)}
			>
				<FormErrors id={form.errorId} errors={form.errors} />
				{back ? (
					<input
						type="hidden"
						name="redirectTo"
						value={safeRedirect(searchParams.get('redirectTo'), '')}
					/>
				) : null}
				{role === 'organization' ? (
					<OrganizationFields fields={fields} />
				) : (
					<PersonFields fields={fields} teacher={role === 'teacher'} />
				)}
				<PasswordField
					hint={t`At least 8 characters.`}
					meta={fields.password}
					autoComplete="new-password"
				/>
				<PasswordField
					label={t`Confirm password`}
					meta={fields.confirmPassword}
					autoComplete="new-password"
				/>
				<Button disabled={busy}>{busy ? t`Creating account…` : t`Create account`}</Button>
			</Form>
			<p className="mt-6 text-sm text-slate-700">
				<Trans>
					Already registered? <TextLink to={loginPath(role, back)}>Log in</TextLink>
				</Trans>
			</p>
		</div>
	)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the three forms share these field renderers
type Fields = Record<string, FieldMetadata<any>>

function PersonFields({ fields, teacher }: { fields: Fields; teacher: boolean }) {
	const field = (name: string) => fields[name] as FieldMetadata<string | undefined>
	const { t } = useLingui()
	return (
		<>
			<div className="grid gap-4 sm:grid-cols-2">
				<ConformField
					label={t`First name`}
					meta={field('firstName')}
					autoComplete="given-name"
					required
				/>
				<ConformField
					label={t`Last name`}
					meta={field('lastName')}
					autoComplete="family-name"
					required
				/>
			</div>
			<EmailField meta={field('email')} />
			<ConformField
				label={t`Phone (optional)`}
				meta={field('phone')}
				type="tel"
				autoComplete="tel"
			/>
			{teacher ? (
				<>
					<ConformField
						label={t`Subjects you teach (optional)`}
						hint={t`Separate subjects with commas, for example: Maths, Physics.`}
						meta={field('subjects')}
					/>
					<ConformTextArea label={t`About you (optional)`} meta={field('bio')} rows={4} />
				</>
			) : null}
		</>
	)
}

function OrganizationFields({ fields }: { fields: Fields }) {
	const field = (name: string) => fields[name] as FieldMetadata<string | undefined>
	const { t } = useLingui()
	return (
		<>
			<ConformField
				label={t`Organization name`}
				meta={field('name')}
				autoComplete="organization"
				required
			/>
			<EmailField meta={field('email')} />
			<div className="grid gap-4 sm:grid-cols-2">
				<ConformSelect
					label={t`Kind of organization`}
					meta={field('type')}
					options={[
						{ value: '', label: t`Choose…` },
						...organizationTypes.map(({ value }) => ({
							value,
							label: t(organizationTypeLabels[value]),
						})),
					]}
					required
				/>
				<ConformField
					label={t`Country`}
					meta={field('country')}
					autoComplete="country-name"
					required
				/>
			</div>
			<ConformField
				label={t`Phone (optional)`}
				meta={field('phone')}
				type="tel"
				autoComplete="tel"
			/>
			<ConformField
				label={t`Address (optional)`}
				meta={field('address')}
				autoComplete="address-line1"
			/>
			<ConformField
				label={t`Website (optional)`}
				meta={field('website')}
				type="url"
				placeholder="https://"
			/>
			<ConformTextArea label={t`Description (optional)`} meta={field('description')} rows={3} />
			<ConformField
				label={t`Logo (optional)`}
				hint={t`PNG, JPEG, WebP or GIF, at most 2 MB.`}
				meta={field('logo')}
				type="file"
				accept="image/png,image/jpeg,image/webp,image/gif"
			/>
		</>
	)
}
