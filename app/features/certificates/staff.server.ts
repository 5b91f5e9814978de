import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { pagePath, upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import type { Upstream } from '~/platform/upstream.server'
import { getEnrolledStudent } from '~/features/courses/api.server'
import { getCertificateFor, issueCertificate } from './api.server'
import { issueCertificateSchema } from './schema'
import { needed } from '~/platform/settle.server'

type Context = Readonly<RouterContextProvider>
type Params = { studentId: string; courseId: string; studentEmail: string }

/**
 * The teacher's or organization's certificate page: the enrolled student's own record and the
 * issued certificate, or null. The email in the address only has to match that record: another
 * student's email (or a student not enrolled in the course) is a 404, never a page that names one
 * student and certifies another.
 */
export async function staffCertificateLoader(context: Context, request: Request, params: Params) {
	const api = upstream(context, request)
	const [student, certificate] = await Promise.all([
		studentNamedBy(api, params),
		needed(getCertificateFor(api, params.courseId, params.studentId)),
	])
	return {
		certificate,
		student: { name: student.name, email: student.email },
		studentId: params.studentId,
		courseId: params.courseId,
	}
}

async function studentNamedBy(api: Upstream, params: Params) {
	const student = await needed(getEnrolledStudent(api, params.courseId, params.studentId), {
		refusedAsMissing: true,
	})
	if (student.email.toLowerCase() !== params.studentEmail.toLowerCase())
		throw data(null, { status: 404 })
	return student
}

/** Marks the student as having completed the course; issuing twice answers the same certificate. */
export async function issueCertificateAction(context: Context, request: Request, params: Params) {
	// The post carries no fields; reading it anyway answers an oversized one with a 413, not a reset.
	const submission = parseForm(await readForm(request), { schema: issueCertificateSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	const api = upstream(context, request)
	// The same page as the loader's: an address whose email is not the student's issues nothing.
	await studentNamedBy(api, params)
	try {
		await issueCertificate(api, params.courseId, params.studentId)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast(t`Certificate issued successfully`))
	return redirect(new URL(pagePath(request), 'http://x').pathname)
}
