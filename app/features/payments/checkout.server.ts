import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { getCourse } from '~/features/courses/api.server'
import { env } from '~/platform/env.server'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { allowStripe } from '~/platform/security.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { payWithTestCard, startCheckout } from './api.server'
import { checkoutActionSchema } from './schema'

type Context = Readonly<RouterContextProvider>

const secrets = ['cardNumber', 'cvc']

/** The course being bought (a hidden course only for a student already in it), and how to pay. */
export async function loadCheckout(context: Context, request: Request, courseId: string) {
	const { course, enrolled } = await getCourse(upstream(context, request), courseId)
	if (!course.isPublished && !enrolled) throw data(null, { status: 404 })
	const stripeKey = env.stripePublishableKey
	if (stripeKey) allowStripe(context)
	return { course, enrolled, stripeKey }
}

/**
 * Checkout's three posts (one schema over `intent`): Stripe Elements asks for its PaymentIntent
 * (Stripe.js confirms it in the browser), a free course enrols, the test provider's card pays.
 */
export async function checkoutAction(context: Context, request: Request, courseId: string) {
	const submission = parseForm(await readForm(request), { schema: checkoutActionSchema })
	if (submission.status !== 'success')
		return data(submission.reply({ hideFields: secrets }), { status: 400 })
	const api = upstream(context, request)
	const processingPath = (paymentId: string) => `/courses/${courseId}/processing/${paymentId}`

	switch (submission.value.intent) {
		case 'stripe':
			try {
				const { payment, clientSecret } = await startCheckout(api, courseId)
				// Paid already in another tab: show how that payment went rather than a second form.
				if (payment.status !== 'requires_payment') return redirect(processingPath(payment.id))
				if (!clientSecret)
					return data(
						submission.reply({
							formErrors: [t`Card payments are not set up with Stripe on the server.`],
						}),
						{ status: 409 },
					)
				return { stripe: { paymentId: payment.id, clientSecret } }
			} catch (error) {
				return replyWithUpstreamError(context, submission, error)
			}
		case 'free':
			try {
				const { payment } = await startCheckout(api, courseId)
				return redirect(processingPath(payment.id))
			} catch (error) {
				return replyWithUpstreamError(context, submission, error)
			}
		case 'pay': {
			const { intent: _, ...card } = submission.value
			try {
				// A second post of the form (a double click, another tab) gets the same payment back;
				// once it is paid or being paid, it shows how that went instead of charging it again.
				const { payment } = await startCheckout(api, courseId)
				if (payment.status === 'requires_payment') {
					await payWithTestCard(api, payment.id, card).catch((error: unknown) => {
						if (!(error instanceof UpstreamError && error.status === 409)) throw error
					})
				}
				return redirect(processingPath(payment.id))
			} catch (error) {
				return replyWithUpstreamError(context, submission, error, secrets)
			}
		}
	}
}
