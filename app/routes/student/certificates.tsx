import { t } from '@lingui/core/macro'
import type { Route } from './+types/certificates'
import { loadStudentCertificates } from '~/features/certificates/student-certificates.server'
import { StudentCertificatesPage } from '~/features/certificates/student-certificates-page'

export function loader({ context, request }: Route.LoaderArgs) {
	return loadStudentCertificates(context, request)
}

export function meta() {
	return [{ title: t`Certificates | TutorHub` }]
}

export default function StudentCertificates({ loaderData }: Route.ComponentProps) {
	return <StudentCertificatesPage loaderData={loaderData} />
}
