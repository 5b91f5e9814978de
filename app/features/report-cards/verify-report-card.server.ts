import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { needed } from '~/platform/settle.server'
import { verifyReportCard } from './api.server'

type Context = Readonly<RouterContextProvider>

/** Public: anyone holding a report card's link checks it here, signed in or not. */
export async function loadReportCardVerification(
	context: Context,
	request: Request,
	params: { publicId: string },
) {
	const result = await needed(verifyReportCard(upstream(context, request), params.publicId))
	return { publicId: params.publicId, result }
}
