import { useEffect } from 'react'
import { Link, redirect, useRevalidator } from 'react-router'
import type { Route } from './+types/payment-processing'
import { getPayment } from '~/features/payments/api.server'
import { requireRole, upstream } from '~/platform/request.server'
import { needed } from '~/platform/settle.server'
import { buttonClass } from '~/ui/button'
import { Spinner } from '~/ui/spinner'
import { useHydrated } from '~/ui/use-hydrated'

const POLL_MS = 1500

/** Follows the payment until the provider settles it, then moves on to success or failed. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
	requireRole(context, request, 'student')
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

export function meta() {
	return [{ title: 'Processing your payment | TutorHub' }]
}

export default function PaymentProcessing({ loaderData, params }: Route.ComponentProps) {
	const { payment } = loaderData
	const hydrated = useHydrated()
	const revalidator = useRevalidator()
	useEffect(() => {
		// With JavaScript: ask again every 1.5 s; the loader redirects once the payment settles.
		const timer = window.setInterval(() => {
			if (revalidator.state === 'idle') void revalidator.revalidate()
		}, POLL_MS)
		return () => window.clearInterval(timer)
	}, [revalidator])
	return (
		<div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
			<Spinner label="Waiting for payment confirmation" />
			<h1 className="text-2xl font-bold">Processing your payment…</h1>
			<p className="text-slate-700" role="status">
				We are waiting for the card provider to confirm your payment for {payment.courseTitle}.{' '}
				{hydrated
					? 'This page moves on by itself.'
					: 'Check again in a moment to see whether it is confirmed.'}
			</p>
			{/* Without JavaScript the reader asks again: a page that reloads itself on a timer
			    takes control away from people using screen readers (WCAG 2.2.1). */}
			{hydrated ? null : (
				<a href={`/courses/${params.courseId}/processing/${payment.id}`} className={buttonClass()}>
					Check again
				</a>
			)}
			<Link
				to="/studentdashboard/courses"
				className="text-sm font-semibold text-indigo-800 underline"
			>
				Go to my courses
			</Link>
		</div>
	)
}
