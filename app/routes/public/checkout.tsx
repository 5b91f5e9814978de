import { parseWithZod } from '@conform-to/zod/v4'
import { lazy, Suspense } from 'react'
import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/checkout'
import { getCourse } from '~/features/courses/api.server'
import { PriceTag } from '~/features/courses/course-card'
import { chargeOf, formatMoney } from '~/features/courses/catalog'
import { payWithTestCard, startCheckout } from '~/features/payments/api.server'
import { cardFormSchema } from '~/features/payments/schema'
import { TestCardForm } from '~/features/payments/test-card-form'
import { env } from '~/platform/env.server'
import { readForm, replyStatus, replyWithUpstreamError } from '~/platform/form.server'
import { requireRole, upstream } from '~/platform/request.server'
import { allowStripe } from '~/platform/security.server'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { Button, buttonClass } from '~/ui/button'
import { useHydrated } from '~/ui/use-hydrated'

// Stripe Elements (and Stripe.js behind it) load only when this page pays through Stripe.
const StripeCheckout = lazy(() =>
	import('~/features/payments/stripe-checkout.client').then((module) => ({
		default: module.StripeCheckout,
	})),
)

const secrets = ['cardNumber', 'cvc']

export async function loader({ context, request, params }: Route.LoaderArgs) {
	requireRole(context, request, 'student')
	const { course, enrolled } = await getCourse(upstream(context, request), params.courseId)
	if (!course.isPublished && !enrolled) throw data(null, { status: 404 })
	const stripeKey = env.stripePublishableKey
	if (stripeKey) allowStripe(context)
	return { course, enrolled, stripeKey }
}

export async function action({ context, request, params }: Route.ActionArgs) {
	requireRole(context, request, 'student')
	const api = upstream(context, request)
	const formData = await readForm(request)
	const intent = formData.get('intent')
	const processingPath = (paymentId: string) =>
		`/courses/${params.courseId}/processing/${paymentId}`

	if (intent === 'stripe') {
		// Stripe Elements asks for its PaymentIntent; Stripe.js confirms it in the browser.
		try {
			const { payment, clientSecret } = await startCheckout(api, params.courseId)
			// Paid already in another tab: show how that payment went rather than a second form.
			if (payment.status !== 'requires_payment') return redirect(processingPath(payment.id))
			if (!clientSecret)
				return data(
					{ stripeError: 'Card payments are not set up with Stripe on the server.' },
					{ status: 409 },
				)
			return { stripe: { paymentId: payment.id, clientSecret } }
		} catch (error) {
			if (!(error instanceof UpstreamError)) throw error
			sendToast(context, error.toast)
			return data({ stripeError: error.text }, { status: replyStatus(error.status) })
		}
	}

	if (intent === 'free') {
		try {
			const { payment } = await startCheckout(api, params.courseId)
			return redirect(processingPath(payment.id))
		} catch (error) {
			if (!(error instanceof UpstreamError)) throw error
			sendToast(context, error.toast)
			return data({ freeError: error.text }, { status: replyStatus(error.status) })
		}
	}

	const submission = parseWithZod(formData, { schema: cardFormSchema })
	if (submission.status !== 'success')
		return data(submission.reply({ hideFields: secrets }), { status: 400 })
	try {
		// A second post of the form (a double click, another tab) gets the same payment back; once
		// it is paid or being paid, it shows how that went instead of trying to charge it again.
		const { payment } = await startCheckout(api, params.courseId)
		if (payment.status === 'requires_payment') {
			await payWithTestCard(api, payment.id, submission.value).catch((error: unknown) => {
				if (!(error instanceof UpstreamError && error.status === 409)) throw error
			})
		}
		return redirect(processingPath(payment.id))
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, secrets)
	}
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [
		{
			title: loaderData ? `Checkout: ${loaderData.course.title} | TutorHub` : 'Checkout | TutorHub',
		},
	]
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
	const { course, enrolled, stripeKey } = loaderData
	const hydrated = useHydrated()
	const charge = chargeOf(course.price)
	const payLabel = `Pay ${formatMoney(charge, course.price.currency)}`
	const cardResult = actionData && 'status' in actionData ? actionData : undefined
	const freeError = actionData && 'freeError' in actionData ? actionData.freeError : null

	return (
		<div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-[1fr_1.2fr]">
			<section aria-labelledby="checkout-heading" className="flex flex-col gap-4">
				<h1 id="checkout-heading" className="text-3xl font-bold">
					Checkout
				</h1>
				{enrolled ? (
					<div className="flex flex-col gap-3 rounded-lg border border-green-300 bg-green-50 p-6">
						<p>You are already enrolled in this course.</p>
						<Link to={`/studentdashboard/${course.id}/course-details`} className={buttonClass()}>
							Go to the course
						</Link>
					</div>
				) : charge === 0 ? (
					<Form method="post" className="flex flex-col gap-3">
						<input type="hidden" name="intent" value="free" />
						<p>This course is free. Enrol now and start learning.</p>
						{freeError ? (
							<p role="alert" className="text-sm text-red-700">
								{freeError}
							</p>
						) : null}
						<Button>Enrol for free</Button>
					</Form>
				) : stripeKey ? (
					hydrated ? (
						<Suspense fallback={<p>Loading the card form…</p>}>
							<StripeCheckout
								publishableKey={stripeKey}
								amountInMinorUnits={Math.round(charge * 100)}
								currency={course.price.currency}
								courseId={course.id}
								payLabel={payLabel}
							/>
						</Suspense>
					) : (
						<p className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm">
							Card payments are handled by Stripe and need JavaScript. Please enable JavaScript in
							your browser to pay.
						</p>
					)
				) : (
					<>
						<p className="rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-900">
							Test payments: use card 4242 4242 4242 4242 with any future expiry date and any
							3-digit code. Card 4000 0000 0000 0002 is declined.
						</p>
						<TestCardForm lastResult={cardResult} payLabel={payLabel} />
					</>
				)}
				<Link to="/courses" className="text-sm font-semibold text-indigo-800 underline">
					Back to courses
				</Link>
			</section>
			<section
				aria-labelledby="order-heading"
				// First on a phone too: what is being bought shows above Pay.
				className="order-first rounded-lg border border-slate-200 bg-white p-6 md:self-start"
			>
				<h2
					id="order-heading"
					className="text-sm font-semibold uppercase tracking-wide text-slate-600"
				>
					Your order
				</h2>
				<p className="mt-2 text-xl font-semibold">{course.title}</p>
				{course.subtitle ? <p className="mt-1 text-slate-700">{course.subtitle}</p> : null}
				<p className="mt-2 text-sm text-slate-600">
					{course.category} · {course.level}
				</p>
				<div className="mt-4 border-t border-slate-200 pt-4">
					<PriceTag price={course.price} />
				</div>
				<Link
					to={`/courses/${course.id}`}
					className="mt-4 inline-block text-sm font-semibold text-indigo-800 underline"
				>
					About this course
				</Link>
			</section>
		</div>
	)
}
