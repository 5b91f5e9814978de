import { z } from '@hono/zod-openapi'
import type { ApiDeps } from '../platform/context.ts'
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
					responses: answers({ 200: checkoutAnswer, 201: checkoutAnswer }),
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
					responses: answers({ 200: onboardingAnswer }),
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
					responses: answers({ 200: payoutAccountAnswer }),
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
					responses: answers({ 200: z.object({ received: z.literal(true) }) }),
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
					responses: answers({ 200: paymentAnswer }),
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
					responses: answers({ 200: paymentAnswer }),
				},
				async (c) => {
					const { id } = c.req.valid('param')
					const payment = await payWithTestCard(db, c.get('account'), id, c.req.valid('json'))
					return c.json({ payment }, 200)
				},
			)
	)
}
