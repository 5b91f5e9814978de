import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { openCertificatePdf } from './api.server'

type Context = Readonly<RouterContextProvider>

/** The certificate PDF; its QR code leads to this app's verification page, on this origin. */
export function openCertificatePdfFile(context: Context, request: Request, certificateId: string) {
	const origin = new URL(request.url).origin
	return openCertificatePdf(upstream(context, request), certificateId, origin)
}
