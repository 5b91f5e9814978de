import { t } from '@lingui/core/macro'
import type { Upstream } from '~/platform/upstream.server'
import {
	courseReportSchema,
	reportCardVerificationSchema,
	savedReportCardSchema,
	studentReportsSchema,
	type ReportCardForm,
} from './schema'

// Report card calls of the reference API (api/README.md).
const id = encodeURIComponent

export function getStudentReportCards(api: Upstream, studentId: string) {
	return api.get(`/report-cards/${id(studentId)}`, {
		schema: studentReportsSchema,
		fallback: t`Failed to fetch report cards`,
	})
}

export function getReportCard(api: Upstream, studentId: string, courseId: string) {
	return api.get(`/report-cards/${id(studentId)}/${id(courseId)}`, {
		schema: courseReportSchema,
		fallback: t`Failed to fetch report cards`,
	})
}

export function saveReportCard(
	api: Upstream,
	studentId: string,
	courseId: string,
	form: ReportCardForm,
) {
	return api.send('PUT', `/report-cards/${id(studentId)}/${id(courseId)}`, {
		json: { score: form.score, components: form.components, comments: form.comments ?? null },
		schema: savedReportCardSchema,
		fallback: t`Failed to save report card`,
	})
}

export function verifyReportCard(api: Upstream, publicId: string) {
	return api.get(`/report-cards/verify/${id(publicId)}`, {
		schema: reportCardVerificationSchema,
		fallback: t`Failed to verify report card`,
		cache: false,
	})
}
