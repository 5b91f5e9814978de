import { useLingui } from '@lingui/react/macro'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
// The pure entry: Stripe.js is fetched when loadStripe runs, not as a side effect of importing.
import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '~/ui/button'
import { formErrorsOf } from '~/ui/field'

// Loaded once, and only by the checkout page: no other page fetches Stripe.js.
let stripePromise: Promise<Stripe | null> | null = null

// The action's answer: the payment to confirm, or conform's reply with the refusal as a form error.
type StripeReply = {
	stripe?: { paymentId: string; clientSecret: string }
	error?: Record<string, string[] | null> | null
}

/**
 * Stripe Elements in deferred-intent mode: the card form renders at once; on submit the action
 * creates the payment (and its PaymentIntent) and Stripe confirms it, then returns the browser to
 * the processing page, which waits for Stripe's webhook to settle it.
 */
export function StripeCheckout({
	publishableKey,
	amountInMinorUnits,
	currency,
	courseId,
	payLabel,
}: {
	publishableKey: string
	amountInMinorUnits: number
	currency: string
	courseId: string
	payLabel: string
}) {
	stripePromise ??= loadStripe(publishableKey)
	return (
		<Elements
			stripe={stripePromise}
			options={{ mode: 'payment', amount: amountInMinorUnits, currency: currency.toLowerCase() }}
		>
			<StripePaymentForm courseId={courseId} payLabel={payLabel} />
		</Elements>
	)
}

function StripePaymentForm({ courseId, payLabel }: { courseId: string; payLabel: string }) {
	const stripe = useStripe()
	const elements = useElements()
	const fetcher = useFetcher<StripeReply>()
	const [error, setError] = useState<string | null>(null)
	const [busy, setBusy] = useState(false)
	const confirmed = useRef<string | null>(null)
	const { t } = useLingui()

	useEffect(() => {
		const created = fetcher.data?.stripe
		if (!created || !stripe || !elements || confirmed.current === created.paymentId) return
		confirmed.current = created.paymentId
		const returnUrl = new URL(
			`/courses/${courseId}/processing/${created.paymentId}`,
			window.location.origin,
		).href
		void stripe
			.confirmPayment({
				elements,
				clientSecret: created.clientSecret,
				confirmParams: { return_url: returnUrl },
			})
			.then(({ error: confirmError }) => {
				// Reached only when Stripe could not redirect: the card was refused or needs fixing.
				setError(confirmError.message ?? t`Your payment could not be completed.`)
				setBusy(false)
			})
	}, [fetcher.data, stripe, elements, courseId, t])

	// The action's refusal (already enrolled, course full) ends the attempt.
	const serverError = fetcher.state === 'idle' ? (formErrorsOf(fetcher.data)?.[0] ?? null) : null
	const shownError = error ?? serverError
	const working = busy && !serverError

	async function pay(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (!stripe || !elements) return
		setError(null)
		setBusy(true)
		const { error: submitError } = await elements.submit()
		if (submitError) {
			setError(submitError.message ?? t`Check your card details.`)
			setBusy(false)
			return
		}
		void fetcher.submit({ intent: 'stripe' }, { method: 'post' })
	}

	return (
		<form onSubmit={pay} className="flex flex-col gap-4" aria-label={t`Card payment`}>
			<PaymentElement />
			{shownError ? (
				<p role="alert" className="text-sm text-red-700">
					{shownError}
				</p>
			) : null}
			<Button disabled={!stripe || working}>{working ? t`Processing…` : payLabel}</Button>
		</form>
	)
}
