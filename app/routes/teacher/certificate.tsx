import { t } from '@lingui/core/macro'
import { data } from 'react-router'
import type { Route } from './+types/certificate'
import { StaffCertificatePage } from '~/features/certificates/staff-certificate'
import {
	issueCertificateAction,
	staffCertificateLoader,
} from '~/features/certificates/staff.server'
import { areaUser } from '~/platform/area-guard.server'
import { formErrorsOf } from '~/ui/field'

/** The path names the issuing tutor: only that tutor's own page exists. */
function requireSelf(userId: string, teacherId: string) {
	if (userId !== teacherId) throw data(null, { status: 404 })
}

export function loader({ context, request, params }: Route.LoaderArgs) {
	const user = areaUser(context)
	requireSelf(user.id, params.tutorId)
	return staffCertificateLoader(context, request, params)
}

export function action({ context, request, params }: Route.ActionArgs) {
	const user = areaUser(context)
	requireSelf(user.id, params.tutorId)
	return issueCertificateAction(context, request, params)
}

export function meta() {
	return [{ title: t`Certificate | TutorHub` }]
}

export default function TeacherCertificate({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<StaffCertificatePage
			certificate={loaderData.certificate}
			student={loaderData.student}
			pdfBase="/teachersdashboard/certificates"
			errors={formErrorsOf(actionData)}
			back={{
				to: `/teachersdashboard/report-card/${loaderData.studentId}`,
				label: t`The student's report cards`,
			}}
		/>
	)
}
