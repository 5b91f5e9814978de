import { redirect } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import { getCourse } from '~/features/courses/api.server'
import { upstream } from '~/platform/request.server'
import { ownSettledPayment } from './api.server'

type Context = Readonly<RouterContextProvider>

export async function loadPaymentSuccess(
	context: Context,
	request: Request,
	params: { courseId: string },
) {
	const api = upstream(context, request)
	// Only the visitor's own payment (the processing page's id) for this course, once it succeeded.
	const paymentId = new URL(request.url).searchParams.get('payment')
	const [payment, { course, enrolled }] = await Promise.all([
		ownSettledPayment(api, { paymentId, courseId: params.courseId, outcome: 'succeeded' }),
		getCourse(api, params.courseId),
	])
	if (!payment) throw redirect(`/course/${encodeURIComponent(params.courseId)}/checkout`)
	return { course: { id: course.id, title: course.title }, enrolled }
}
