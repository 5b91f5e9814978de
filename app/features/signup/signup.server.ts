import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { registerOrganization } from '~/features/organizations/api.server'
import { organizationSignupSchema } from '~/features/organizations/schema'
import { registerStudent, registerTeacher } from '~/features/auth/api.server'
import { splitSubjects, studentSignupSchema, teacherSignupSchema } from '~/features/users/schema'
import { FORM_LIMIT, parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { returnQuery, type SignupRole } from './signup'

type Context = Readonly<RouterContextProvider>
type Upstream = ReturnType<typeof upstream>

const secrets = ['password', 'confirmPassword']
// Twice the 2 MB logo limit is still read, so a slightly larger logo gets the field's own error.
const LOGO_FORM_LIMIT = 4 * 1024 * 1024 + FORM_LIMIT

function loginAfterSignup(email: string, formData: FormData, as?: 'organization') {
	const query = [
		as ? `as=${as}` : '',
		`email=${encodeURIComponent(email)}`,
		returnQuery(formData.get('redirectTo')),
	]
	return `/login?${query.filter(Boolean).join('&')}`
}

/** The sign-up form of the role in the address (each role's page has its own schema). */
export async function signUp(context: Context, request: Request, role: SignupRole) {
	const formData = await readForm(request, LOGO_FORM_LIMIT)
	const register = {
		student: registerStudentAccount,
		teacher: registerTeacherAccount,
		organization: registerOrganizationAccount,
	}
	return register[role](context, upstream(context, request), formData)
}

async function registerStudentAccount(context: Context, api: Upstream, formData: FormData) {
	const submission = parseForm(formData, { schema: studentSignupSchema })
	if (submission.status !== 'success')
		return data(submission.reply({ hideFields: secrets }), { status: 400 })
	const { confirmPassword: _, ...registration } = submission.value
	try {
		await registerStudent(api, registration)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, secrets)
	}
	sendToast(context, successToast(t`Registered successfully`))
	return redirect(loginAfterSignup(registration.email, formData))
}

async function registerTeacherAccount(context: Context, api: Upstream, formData: FormData) {
	const submission = parseForm(formData, { schema: teacherSignupSchema })
	if (submission.status !== 'success')
		return data(submission.reply({ hideFields: secrets }), { status: 400 })
	const { confirmPassword: _, subjects, ...registration } = submission.value
	try {
		await registerTeacher(api, { ...registration, subjects: splitSubjects(subjects) })
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, secrets)
	}
	sendToast(context, successToast(t`Registered successfully`))
	return redirect(loginAfterSignup(registration.email, formData))
}

async function registerOrganizationAccount(context: Context, api: Upstream, formData: FormData) {
	const submission = parseForm(formData, { schema: organizationSignupSchema })
	if (submission.status !== 'success')
		return data(submission.reply({ hideFields: secrets }), { status: 400 })
	try {
		await registerOrganization(api, submission.value)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, secrets)
	}
	sendToast(context, successToast(t`Organization created successfully!`))
	return redirect(loginAfterSignup(submission.value.email, formData, 'organization'))
}
