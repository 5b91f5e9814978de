import type { Route } from './+types/certificate-pdf'
import { openCertificatePdf } from '~/features/certificates/api.server'
import { download } from '~/platform/file-response.server'
import { requireRole, upstream } from '~/platform/request.server'

/** Resource route: the certificate PDF; its QR code leads to this app's verification page. */
export function loader({ context, request, params }: Route.LoaderArgs) {
	requireRole(context, request, 'tutor')
	const origin = new URL(request.url).origin
	return download(() => openCertificatePdf(upstream(context, request), params.certificateId, origin))
}
