import { redirect } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { needed } from '~/platform/settle.server'
import { getPayment } from './api.server'

type Context = Readonly<RouterContextProvider>

/** Follows the payment until the provider settles it, then moves on to success or failed. */
export async function loadPaymentProcessing(
	context: Context,
	request: Request,
	params: { courseId: string; paymentId: string },
) {
	// Someone else's payment, or none at all: nothing to show here.
	const payment = await needed(getPayment(upstream(context, request), params.paymentId), {
		refusedAsMissing: true,
	})
	if (payment.courseId && payment.courseId !== params.courseId) {
		throw redirect(`/courses/${payment.courseId}/processing/${payment.id}`)
	}
	if (payment.status === 'succeeded')
		throw redirect(`/courses/${params.courseId}/success?payment=${encodeURIComponent(payment.id)}`)
	if (payment.status === 'failed')
		throw redirect(`/courses/${params.courseId}/failed?payment=${encodeURIComponent(payment.id)}`)
	return { payment }
}
