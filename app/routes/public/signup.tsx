import { getFormProps, type FieldMetadata } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router'
import type { Route } from './+types/signup'
import { registerOrganization } from '~/features/organizations/api.server'
import { organizationTypes } from '~/features/organizations/organization-types'
import { organizationSignupSchema, type OrganizationSignup } from '~/features/organizations/schema'
import { registerStudent, registerTutor } from '~/features/users/api.server'
import {
	splitSubjects,
	studentSignupSchema,
	teacherSignupSchema,
	type StudentSignupFields,
	type TeacherSignupFields,
} from '~/features/users/schema'
import { FORM_LIMIT, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { redirectSignedIn, upstream } from '~/platform/request.server'
import { safeRedirect } from '~/platform/safe-redirect'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { Button } from '~/ui/button'
import {
	FormErrors,
	inputProps,
	selectProps,
	SelectField,
	TextAreaField,
	textareaProps,
	TextField,
} from '~/ui/field'
import { useForm } from '~/ui/use-form'

type SignupRole = 'student' | 'teacher' | 'organization'

/** teacher and organization have their own forms; any other role gets the student form. */
function signupRole(param: string | undefined): SignupRole {
	return param === 'teacher' || param === 'organization' ? param : 'student'
}

type SignupFields = StudentSignupFields & TeacherSignupFields & OrganizationSignup
const secrets = ['password', 'confirmPassword']
// Twice the 2 MB logo limit is still read, so a slightly larger logo gets the field's own error.
const LOGO_FORM_LIMIT = 4 * 1024 * 1024 + FORM_LIMIT

export function loader({ context }: Route.LoaderArgs) {
	redirectSignedIn(context)
	return null
}

/**
 * Where the visitor was going (a checkout they were sent to log in for): carried from the login
 * page through sign-up and back to login, a same-site path only.
 */
function returnQuery(redirectTo: FormDataEntryValue | string | null) {
	const to = safeRedirect(redirectTo, '')
	return to ? `redirectTo=${encodeURIComponent(to)}` : ''
}

function loginAfterSignup(email: string, formData: FormData, as?: 'organization') {
	const query = [
		as ? `as=${as}` : '',
		`email=${encodeURIComponent(email)}`,
		returnQuery(formData.get('redirectTo')),
	]
	return `/login?${query.filter(Boolean).join('&')}`
}

export async function action({ context, request, params }: Route.ActionArgs) {
	redirectSignedIn(context)
	const formData = await readForm(request, LOGO_FORM_LIMIT)
	const register = {
		student: registerStudentAccount,
		teacher: registerTeacherAccount,
		organization: registerOrganizationAccount,
	}
	return register[signupRole(params.role)](context, upstream(context, request), formData)
}

type Context = Route.ActionArgs['context']
type Upstream = ReturnType<typeof upstream>

async function registerStudentAccount(context: Context, api: Upstream, formData: FormData) {
	const submission = parseWithZod(formData, { schema: studentSignupSchema })
	if (submission.status !== 'success')
		return data(submission.reply({ hideFields: secrets }), { status: 400 })
	const { confirmPassword: _, ...registration } = submission.value
	try {
		await registerStudent(api, registration)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, secrets)
	}
	sendToast(context, successToast('Registered successfully'))
	return redirect(loginAfterSignup(registration.email, formData))
}

async function registerTeacherAccount(context: Context, api: Upstream, formData: FormData) {
	const submission = parseWithZod(formData, { schema: teacherSignupSchema })
	if (submission.status !== 'success')
		return data(submission.reply({ hideFields: secrets }), { status: 400 })
	const { confirmPassword: _, subjects, ...registration } = submission.value
	try {
		await registerTutor(api, { ...registration, subjects: splitSubjects(subjects) })
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, secrets)
	}
	sendToast(context, successToast('Registered successfully'))
	return redirect(loginAfterSignup(registration.email, formData))
}

async function registerOrganizationAccount(context: Context, api: Upstream, formData: FormData) {
	const submission = parseWithZod(formData, { schema: organizationSignupSchema })
	if (submission.status !== 'success')
		return data(submission.reply({ hideFields: secrets }), { status: 400 })
	try {
		await registerOrganization(api, submission.value)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, secrets)
	}
	sendToast(context, successToast('Organization created successfully!'))
	return redirect(loginAfterSignup(submission.value.email, formData, 'organization'))
}

function loginPath(role: SignupRole, back: string) {
	const query = [role === 'organization' ? 'as=organization' : '', back].filter(Boolean).join('&')
	return query ? `/login?${query}` : '/login'
}

const headings: Record<SignupRole, { title: string; intro: string }> = {
	student: {
		title: 'Create a student account',
		intro: 'Buy courses, take tests, submit tasks and collect certificates.',
	},
	teacher: {
		title: 'Create a teacher account',
		intro: 'Run courses, grade work, schedule sessions and build tests.',
	},
	organization: {
		title: 'Register your organization',
		intro: 'Manage departments, teachers, students, scores and result cards.',
	},
}

export function meta({ params }: Route.MetaArgs) {
	return [{ title: `${headings[signupRole(params.role)].title} | TutorHub` }]
}

export default function Signup({ params, actionData }: Route.ComponentProps) {
	const role = signupRole(params.role)
	const known = params.role === role
	const navigation = useNavigation()
	const [searchParams] = useSearchParams()
	const back = returnQuery(searchParams.get('redirectTo'))
	const [form, fields] = useForm<SignupFields>({
		id: `signup-${role}`,
		// Validated by the action (public pages ship no schema library; docs/decisions/010).
		lastResult: actionData,
	})
	const busy = navigation.state === 'submitting'

	return (
		// An unknown role still gets the student form, with its own top padding (spec section 2).
		<div className={`mx-auto max-w-xl px-4 pb-12 ${known ? 'pt-12' : 'pt-6'}`}>
			<h1 className="text-3xl font-bold">{headings[role].title}</h1>
			<p className="mt-2 text-slate-700">{headings[role].intro}</p>
			<nav aria-label="Account type" className="mt-4 flex flex-wrap gap-2 text-sm">
				{(['student', 'teacher', 'organization'] as const).map((option) => (
					<Link
						key={option}
						to={`/signup/${option}${back ? `?${back}` : ''}`}
						aria-current={option === role ? 'page' : undefined}
						className={`rounded-md px-3 py-1.5 font-semibold ${option === role ? 'bg-indigo-100 text-indigo-900' : 'text-indigo-800 underline'}`}
					>
						{option === 'student' ? 'Student' : option === 'teacher' ? 'Teacher' : 'Organization'}
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
				<TextField
					label="Password"
					hint="At least 8 characters."
					meta={fields.password}
					{...inputProps(fields.password, 'password')}
					autoComplete="new-password"
					required
				/>
				<TextField
					label="Confirm password"
					meta={fields.confirmPassword}
					{...inputProps(fields.confirmPassword, 'password')}
					autoComplete="new-password"
					required
				/>
				<Button disabled={busy}>{busy ? 'Creating account…' : 'Create account'}</Button>
			</Form>
			<p className="mt-6 text-sm text-slate-700">
				Already registered?{' '}
				<Link className="font-semibold text-indigo-800 underline" to={loginPath(role, back)}>
					Log in
				</Link>
			</p>
		</div>
	)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the three forms share these field renderers
type Fields = Record<string, FieldMetadata<any>>

function PersonFields({ fields, teacher }: { fields: Fields; teacher: boolean }) {
	const field = (name: string) => fields[name] as FieldMetadata<string | undefined>
	return (
		<>
			<div className="grid gap-4 sm:grid-cols-2">
				<TextField
					label="First name"
					meta={field('firstName')}
					{...inputProps(field('firstName'), 'text')}
					autoComplete="given-name"
					required
				/>
				<TextField
					label="Last name"
					meta={field('lastName')}
					{...inputProps(field('lastName'), 'text')}
					autoComplete="family-name"
					required
				/>
			</div>
			<TextField
				label="Email"
				meta={field('email')}
				{...inputProps(field('email'), 'email')}
				autoComplete="email"
				required
			/>
			<TextField
				label="Phone (optional)"
				meta={field('phone')}
				{...inputProps(field('phone'), 'tel')}
				autoComplete="tel"
			/>
			{teacher ? (
				<>
					<TextField
						label="Subjects you teach (optional)"
						hint="Separate subjects with commas, for example: Maths, Physics."
						meta={field('subjects')}
						{...inputProps(field('subjects'), 'text')}
					/>
					<TextAreaField
						label="About you (optional)"
						meta={field('bio')}
						{...textareaProps(field('bio'))}
						rows={4}
					/>
				</>
			) : null}
		</>
	)
}

function OrganizationFields({ fields }: { fields: Fields }) {
	const field = (name: string) => fields[name] as FieldMetadata<string | undefined>
	return (
		<>
			<TextField
				label="Organization name"
				meta={field('name')}
				{...inputProps(field('name'), 'text')}
				autoComplete="organization"
				required
			/>
			<TextField
				label="Email"
				meta={field('email')}
				{...inputProps(field('email'), 'email')}
				autoComplete="email"
				required
			/>
			<div className="grid gap-4 sm:grid-cols-2">
				<SelectField
					label="Kind of organization"
					meta={field('type')}
					options={[{ value: '', label: 'Choose…' }, ...organizationTypes]}
					{...selectProps(field('type'))}
					required
				/>
				<TextField
					label="Country"
					meta={field('country')}
					{...inputProps(field('country'), 'text')}
					autoComplete="country-name"
					required
				/>
			</div>
			<TextField
				label="Phone (optional)"
				meta={field('phone')}
				{...inputProps(field('phone'), 'tel')}
				autoComplete="tel"
			/>
			<TextField
				label="Address (optional)"
				meta={field('address')}
				{...inputProps(field('address'), 'text')}
				autoComplete="street-address"
			/>
			<TextField
				label="Website (optional)"
				meta={field('website')}
				{...inputProps(field('website'), 'url')}
				placeholder="https://"
			/>
			<TextAreaField
				label="Description (optional)"
				meta={field('description')}
				{...textareaProps(field('description'))}
				rows={3}
			/>
			<TextField
				label="Logo (optional)"
				hint="PNG, JPEG, WebP or GIF, at most 2 MB."
				meta={field('logo')}
				{...inputProps(field('logo'), 'file')}
				accept="image/png,image/jpeg,image/webp,image/gif"
			/>
		</>
	)
}
