import { t } from '@lingui/core/macro'
import type { Route } from './+types/verify-certificate'
import { loadCertificateVerification } from '~/features/certificates/verify-certificate.server'
import { VerifyCertificatePage } from '~/features/certificates/verify-certificate-page'

/** Public: anyone holding a certificate's link or QR code checks it here, signed in or not. */
export function loader({ context, request, params }: Route.LoaderArgs) {
	return loadCertificateVerification(context, request, params)
}

export function meta() {
	return [{ title: t`Certificate verification | TutorHub` }, { name: 'robots', content: 'noindex' }]
}

export default function VerifyCertificate({ loaderData }: Route.ComponentProps) {
	return <VerifyCertificatePage loaderData={loaderData} />
}
