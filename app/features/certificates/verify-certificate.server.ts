import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { needed } from '~/platform/settle.server'
import { verifyCertificate } from './api.server'

type Context = Readonly<RouterContextProvider>

/** Public: anyone holding a certificate's link or QR code checks it here, signed in or not. */
export async function loadCertificateVerification(
	context: Context,
	request: Request,
	params: { publicId: string },
) {
	const result = await needed(verifyCertificate(upstream(context, request), params.publicId))
	return { publicId: params.publicId, result }
}
