import { Trans, useLingui } from '@lingui/react/macro'
import type { SubmissionResult } from '@conform-to/react'
import { lazy, Suspense } from 'react'
import { Form } from 'react-router'
import { Link } from '~/ui/link'
import { categoryName, chargeOf, levelName } from '~/features/courses/catalogue'
import { formatMoney } from '~/platform/numbers'
import { PriceTag } from '~/features/courses/price-tag'
import { Button, buttonClass } from '~/ui/button'
import { FormErrors, formErrorsOf } from '~/ui/field'
import { useHydrated } from '~/ui/use-hydrated'
import { TextLink } from '~/ui/text-link'
import type { loadCheckout } from './checkout.server'
import { TestCardForm } from './test-card-form'

// Stripe Elements (and Stripe.js behind it) load only when this page pays through Stripe.
const StripeCheckout = lazy(() =>
	import('./stripe-checkout.client').then((module) => ({
		default: module.StripeCheckout,
	})),
)

type CheckoutAnswer =
	SubmissionResult<string[]> | { stripe: { paymentId: string; clientSecret: string } }

/** Checkout: free enrolment, Stripe Elements, or the test provider's card form, beside the order. */
export function CheckoutPage({
	course,
	enrolled,
	stripeKey,
	actionData,
}: Awaited<ReturnType<typeof loadCheckout>> & { actionData: CheckoutAnswer | undefined }) {
	const hydrated = useHydrated()
	const charge = chargeOf(course.price)
	const { t } = useLingui()
	const amount = formatMoney(charge, course.price.currency)
	const payLabel = t`Pay ${amount}`
	// Each form's answer is the one that echoes its intent.
	const result = actionData && 'status' in actionData ? actionData : undefined
	const cardResult = result?.initialValue?.intent === 'pay' ? result : undefined
	const freeErrors = result?.initialValue?.intent === 'free' ? formErrorsOf(result) : undefined

	return (
		<div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-[1fr_1.2fr]">
			<section aria-labelledby="checkout-heading" className="flex flex-col gap-4">
				<h1 id="checkout-heading" className="text-3xl font-bold">
					<Trans>Checkout</Trans>
				</h1>
				{enrolled ? (
					<div className="flex flex-col gap-3 rounded-lg border border-green-300 bg-green-50 p-6">
						<p>
							<Trans>You are already enrolled in this course.</Trans>
						</p>
						<Link to={`/studentdashboard/${course.id}/course-details`} className={buttonClass()}>
							<Trans>Go to the course</Trans>
						</Link>
					</div>
				) : charge === 0 ? (
					<Form method="post" className="flex flex-col gap-3">
						<input type="hidden" name="intent" value="free" />
						<p>
							<Trans>This course is free. Enrol now and start learning.</Trans>
						</p>
						<FormErrors id="free-errors" errors={freeErrors} />
						<Button>
							<Trans>Enrol for free</Trans>
						</Button>
					</Form>
				) : stripeKey ? (
					hydrated ? (
						<Suspense
							fallback={
								<p>
									<Trans>Loading the card form…</Trans>
								</p>
							}
						>
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
							<Trans>
								Card payments are handled by Stripe and need JavaScript. Please enable JavaScript in
								your browser to pay.
							</Trans>
						</p>
					)
				) : (
					<>
						<p className="rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-900">
							<Trans>
								Test payments: use card 4242 4242 4242 4242 with any future expiry date and any
								3-digit code. Card 4000 0000 0000 0002 is declined.
							</Trans>
						</p>
						<TestCardForm lastResult={cardResult} payLabel={payLabel} />
					</>
				)}
				<TextLink to="/courses" className="text-sm">
					<Trans>Back to courses</Trans>
				</TextLink>
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
					<Trans>Your order</Trans>
				</h2>
				<p className="mt-2 text-xl font-semibold">{course.title}</p>
				{course.subtitle ? <p className="mt-1 text-slate-700">{course.subtitle}</p> : null}
				<p className="mt-2 text-sm text-slate-600">
					{categoryName(course.category, t)} · {levelName(course.level, t)}
				</p>
				<div className="mt-4 border-t border-slate-200 pt-4">
					<PriceTag price={course.price} />
				</div>
				<TextLink to={`/courses/${course.id}`} className="mt-4 inline-block text-sm">
					<Trans>About this course</Trans>
				</TextLink>
			</section>
		</div>
	)
}
