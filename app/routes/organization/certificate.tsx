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

/** The path names the organization: only its own page exists. */
function requireSelf(userId: string, organizationId: string) {
	if (userId !== organizationId) throw data(null, { status: 404 })
}

export function loader({ context, request, params }: Route.LoaderArgs) {
	const user = areaUser(context)
	requireSelf(user.id, params.organizationId)
	return staffCertificateLoader(context, request, params)
}

export function action({ context, request, params }: Route.ActionArgs) {
	const user = areaUser(context)
	requireSelf(user.id, params.organizationId)
	return issueCertificateAction(context, request, params)
}

export function meta() {
	return [{ title: t`Certificate | TutorHub` }]
}

export default function OrganizationCertificate({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<StaffCertificatePage
			certificate={loaderData.certificate}
			student={loaderData.student}
			pdfBase="/organization/certificates"
			errors={formErrorsOf(actionData)}
			back={{
				to: `/organization/courses?course=${loaderData.courseId}#class-list`,
				label: t`Students of the course`,
			}}
		/>
	)
}
