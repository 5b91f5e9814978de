import { redirect } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import { getCourse } from '~/features/courses/api.server'
import { upstream } from '~/platform/request.server'
import { ownSettledPayment } from './api.server'

type Context = Readonly<RouterContextProvider>

export async function loadPaymentFailed(
	context: Context,
	request: Request,
	params: { courseId: string },
) {
	const api = upstream(context, request)
	// Only the visitor's own payment (the processing page's id) for this course, once it failed:
	// "you have not been charged" is never said about anyone else's payment, or none at all.
	const paymentId = new URL(request.url).searchParams.get('payment')
	const [settled, course] = await Promise.all([
		ownSettledPayment(api, { paymentId, courseId: params.courseId, outcome: 'failed' }),
		getCourse(api, params.courseId),
	])
	if (!settled) throw redirect(`/course/${encodeURIComponent(params.courseId)}/checkout`)
	// A Stripe charge that went through after the last seat was taken (or for a student enrolled
	// meanwhile) is refunded: the page must not say it never happened (api/README.md, Payments).
	const refunded =
		settled.provider === 'stripe' &&
		(settled.failureCode === 'course_full' || settled.failureCode === 'already_enrolled')
	return {
		course: { id: course.course.id, title: course.course.title },
		reason: settled.failureMessage ?? null,
		refunded,
	}
}
