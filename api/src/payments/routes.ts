import { z } from '@hono/zod-openapi'
import type { ApiDeps } from '../platform/context.ts'
import { MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, jsonBody, uuidParams } from '../platform/openapi.ts'
import { accountGuard } from '../platform/require-account.ts'
import { payWithTestCard, startCheckout, studentPayment } from './checkout.ts'
import { completeOnboarding, payeeOf, payoutAccountOf, startOnboarding } from './payouts.ts'
import { toPayment } from './present.ts'
import {
	checkoutAnswer,
	checkoutRequest,
	onboardingAnswer,
	onboardingRequest,
	paymentAnswer,
	payoutAccountAnswer,
	stripeEvent,
	stripeSignature,
	testCard,
} from './schemas.ts'
import { paymentGateway } from './stripe.ts'

export function paymentRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	const gateway = paymentGateway(db, config)
	const studentsOnly = requireAccount({ roles: ['student'] })
	const payees = requireAccount({ roles: ['tutor', 'organization'] })

	return (
		new ApiRoutes(config, 'payments')
			.endpoint(
				{
					method: 'post',
					path: '/checkout',
					operationId: 'startCheckout',
					summary: "Open the student's payment for a course (or answer the one already open)",
					middleware: studentsOnly,
					request: { body: jsonBody(checkoutRequest) },
					description:
						"Enrolment happens only through payments: the student is enrolled by the provider's confirmation (a Stripe webhook, or the test provider's own equivalent event), never by the browser, and exactly once (each event id is recorded; a repeat, or any event for a payment already settled, changes nothing). Without Stripe keys a built-in test provider takes Stripe's test card numbers; with `STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET`, Stripe PaymentIntents and Connect. Only a card's brand and last four digits are kept. A student opens a payment for a course: 201 with the payment and `clientSecret` (the PaymentIntent's; null for the test provider). A free course is settled and enrolled at once. Idempotent per student and course: while the student has a payment in flight for the course, or is enrolled through a paid one, the answer is 200 with that payment (and its `clientSecret` while it can still be paid), even for requests at the same moment. A charge enrols only while the course has a seat, decided under a lock on the course: the payment that loses ends `failed` with `failureCode` `course_full` or `already_enrolled` (refunded through Stripe with the idempotency key `refund-{paymentId}`). With Stripe, a course whose owner has a complete payout account is charged as a destination charge to it.",
					responses: answers(
						{ 200: checkoutAnswer, 201: checkoutAnswer },
						{
							404: 'Course not found',
							409: [
								'You are already enrolled in this course',
								'This course is full',
								'This payment has already been processed',
							],
							502: 'The payment provider could not be reached. Please try again.',
						},
					),
				},
				async (c) => {
					const { courseId } = c.req.valid('json')
					const checkout = await startCheckout(db, gateway, c.get('account').id, courseId)
					return checkout.opened ? c.json(checkout.answer, 201) : c.json(checkout.answer, 200)
				},
			)
			.endpoint(
				{
					method: 'get',
					path: '/onboarding',
					operationId: 'getPayoutAccount',
					summary: "The teacher's or organization's payout account",
					middleware: payees,
					description:
						'A tutor or an organization: its payout account, `status` `not_started`, `pending` or `complete`.',
					responses: answers({ 200: payoutAccountAnswer }),
				},
				async (c) => c.json(await payoutAccountOf(db, gateway, payeeOf(c.get('account'))), 200),
			)
			.endpoint(
				{
					method: 'post',
					path: '/onboarding',
					operationId: 'startOnboarding',
					summary: 'Start (or continue) setting up payouts: where to send the owner next',
					middleware: payees,
					request: { body: jsonBody(onboardingRequest) },
					description:
						'A tutor or an organization starts (or continues) setting up payouts: with Stripe, an Express account and its hosted onboarding link; the test provider has no hosted form, so `url` is `returnUrl`.',
					responses: answers(
						{ 200: onboardingAnswer },
						{ 502: 'The payment provider could not be reached. Please try again.' },
					),
				},
				async (c) =>
					c.json(
						await startOnboarding(db, gateway, payeeOf(c.get('account')), c.req.valid('json')),
						200,
					),
			)
			.endpoint(
				{
					method: 'post',
					path: '/onboarding/complete',
					operationId: 'completeOnboarding',
					summary: 'Back from the payout form: whether setup is complete',
					middleware: payees,
					description:
						"A tutor or an organization, back from the payout form: the test provider completes the account; with Stripe the account's `details_submitted` and `charges_enabled` decide.",
					responses: answers(
						{ 200: payoutAccountAnswer },
						{
							409: 'Start payment setup first',
							502: 'The payment provider could not be reached. Please try again.',
						},
					),
				},
				async (c) => c.json(await completeOnboarding(db, gateway, payeeOf(c.get('account'))), 200),
			)
			// No account: Stripe signs the request instead. Its body is declared but not read by the
			// contract: the signature is checked over the exact bytes Stripe sent.
			.endpoint(
				{
					method: 'post',
					path: '/webhook',
					operationId: 'receiveStripeEvent',
					summary:
						"Stripe's events (when Stripe is configured): payments settled, accounts updated",
					request: {
						headers: stripeSignature,
						body: { required: true, content: { 'application/json': { schema: stripeEvent } } },
					},
					description:
						"Stripe only: its events, the `Stripe-Signature` checked with `STRIPE_WEBHOOK_SECRET`; 404 without Stripe keys. Handles `payment_intent.succeeded`, `payment_intent.payment_failed`, `payment_intent.processing` and `account.updated`; a refund due is asked again on every delivery of the payment's events until Stripe answers (Stripe's already refunded counts as done).",
					responses: answers(
						{ 200: z.object({ received: z.literal(true) }) },
						{
							400: 'Invalid webhook signature',
							404: MESSAGES.notFound,
							502: 'The payment provider could not be reached. Please try again.',
						},
					),
				},
				async (c) => {
					await gateway.receive(await c.req.text(), c.req.header('stripe-signature') ?? '')
					return c.json({ received: true as const }, 200)
				},
			)
			.endpoint(
				{
					method: 'get',
					path: '/{id}',
					operationId: 'getPayment',
					summary: "One of the student's payments",
					middleware: studentsOnly,
					request: { params: uuidParams('id') },
					description:
						"The payment's student (the processing page polls it). `provider`: `test`, `stripe` or `free`; `status`: `requires_payment`, `processing`, `succeeded`, `failed`.",
					responses: answers(
						{ 200: paymentAnswer },
						{ 403: MESSAGES.forbidden, 404: 'Payment not found' },
					),
				},
				async (c) => {
					const payment = await studentPayment(db, c.get('account'), c.req.valid('param').id)
					return c.json({ payment: toPayment(payment) }, 200)
				},
			)
			.endpoint(
				{
					method: 'post',
					path: '/{id}/pay',
					operationId: 'payWithTestCard',
					summary: "Pay with the test provider's card (Stripe's test numbers decide the outcome)",
					middleware: studentsOnly,
					request: { params: uuidParams('id'), body: jsonBody(testCard) },
					description:
						"The payment's student pays with the test provider's card, and the payment settles: `4242 4242 4242 4242` (and Stripe's other success numbers) succeed; `4000 0000 0000 0002` fails `card_declined` (`Your card was declined.`), `4000 0000 0000 9995` `insufficient_funds` (`Your card has insufficient funds.`), `…0069` expired, `…0127` incorrect CVC; any other valid number is declined.",
					responses: answers(
						{ 200: paymentAnswer },
						{
							400: [
								'This payment is not handled by the test provider',
								{ path: 'expMonth', msg: 'Your card has expired' },
							],
							403: MESSAGES.forbidden,
							404: 'Payment not found',
							409: 'This payment has already been processed',
						},
					),
				},
				async (c) => {
					const { id } = c.req.valid('param')
					const payment = await payWithTestCard(db, c.get('account'), id, c.req.valid('json'))
					return c.json({ payment }, 200)
				},
			)
	)
}
