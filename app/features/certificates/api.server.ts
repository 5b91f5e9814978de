import type { Upstream } from '~/platform/upstream.server'
import { UpstreamError } from '~/platform/upstream-errors'
import {
	certificateListSchema,
	certificateVerificationSchema,
	oneCertificateSchema,
} from './schema'

// Certificate calls of the reference API (api/README.md).

export function getCertificates(api: Upstream, page = 1, limit = 10) {
	return api.get('/certificates', {
		query: { page, limit },
		schema: certificateListSchema,
		fallback: 'Failed to fetch certificates',
		retry: true,
	})
}

/** The certificate of one student for one course, or null when none has been issued. */
export async function getCertificateFor(api: Upstream, courseId: string, studentId: string) {
	try {
		const { certificate } = await api.get(
			`/certificates/course/${encodeURIComponent(courseId)}/student/${encodeURIComponent(studentId)}`,
			{ schema: oneCertificateSchema, fallback: 'Failed to fetch certificates' },
		)
		return certificate
	} catch (error) {
		if (
			error instanceof UpstreamError &&
			error.status === 404 &&
			error.code === 'certificate_not_found'
		)
			return null
		throw error
	}
}

export function issueCertificate(api: Upstream, courseId: string, studentId: string) {
	return api.send('POST', '/certificates', {
		json: { courseId, studentId },
		schema: oneCertificateSchema,
		fallback: 'Failed to issue certificate',
	})
}

/** The PDF, whose QR code and link lead to this app's verification page at `origin`. */
export function openCertificatePdf(api: Upstream, id: string, origin: string) {
	return api.stream(`/certificates/${encodeURIComponent(id)}/pdf`, {
		query: { origin },
		fallback: 'Failed to fetch certificates',
	})
}

export function verifyCertificate(api: Upstream, publicId: string) {
	return api.get(`/certificates/verify/${encodeURIComponent(publicId)}`, {
		schema: certificateVerificationSchema,
		fallback: 'Failed to verify certificate',
		cache: false,
	})
}
