import type { Route } from './+types/certificate-pdf'
import { openCertificatePdf } from '~/features/certificates/api.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'
import { upstream } from '~/platform/request.server'

/**
 * The certificate PDF; its QR code leads to this app's verification page. The middleware answers
 * the file; a refused or unknown certificate is the area's 403 or 404 page.
 */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request, params }) => {
		const origin = new URL(request.url).origin
		return openCertificatePdf(upstream(context, request), params.certificateId, origin)
	}),
]

export function loader(args: Route.LoaderArgs) {
	return failedFileLoader(args)
}

export default function CertificatePdf() {
	return null
}
