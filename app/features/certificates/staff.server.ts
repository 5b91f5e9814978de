import { data, redirect, type RouterContextProvider } from 'react-router'
import { readForm } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { getCertificateFor, issueCertificate } from './api.server'
import { needed } from '~/platform/settle.server'

type Context = Readonly<RouterContextProvider>
type Params = { studentId: string; courseId: string; studentEmail: string }

/** The teacher's or organization's certificate page: the issued certificate, or null. */
export async function staffCertificateLoader(context: Context, request: Request, params: Params) {
	const certificate = await needed(getCertificateFor(upstream(context, request), params.courseId, params.studentId))
	return { certificate, studentEmail: params.studentEmail, studentId: params.studentId, courseId: params.courseId }
}

/** Marks the student as having completed the course; issuing twice answers the same certificate. */
export async function issueCertificateAction(context: Context, request: Request, params: Params) {
	// The post carries no fields; reading it anyway answers an oversized one with a 413, not a reset.
	await readForm(request)
	try {
		await issueCertificate(upstream(context, request), params.courseId, params.studentId)
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		sendToast(context, error.toast)
		const lines = error.fieldErrors.length ? error.fieldErrors.map(({ path, msg }) => `${path}: ${msg}`) : [error.text]
		return data({ errors: lines }, { status: error.status && error.status < 500 ? error.status : 502 })
	}
	sendToast(context, successToast('Certificate issued successfully'))
	return redirect(new URL(request.url).pathname)
}
