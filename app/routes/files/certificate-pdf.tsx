import type { Route } from './+types/certificate-pdf'
import { openCertificatePdfFile } from '~/features/certificates/certificate-pdf.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'

/**
 * The certificate PDF; its QR code leads to this app's verification page. The middleware answers
 * the file; a refused or unknown certificate is the area's 403 or 404 page. The student's, the
 * teacher's and the organization's area route here, each under its own id.
 */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request, params }) => {
		return openCertificatePdfFile(context, request, params.certificateId)
	}),
]

export function loader(args: Route.LoaderArgs) {
	return failedFileLoader(args)
}

export default function CertificatePdf() {
	return null
}
