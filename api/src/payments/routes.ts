import { randomUUID } from 'node:crypto'
import { z } from '@hono/zod-openapi'
import { log } from '../platform/log.ts'
import type { Context } from 'hono'
import Stripe from 'stripe'
import { chargeOf, type CourseRow } from '../courses/present.ts'
import { isEnrolled } from '../courses/repository.ts'
import { countEnrolled, findCourse } from '../courses/repository.ts'
import { COURSE_NOT_FOUND } from '../courses/access.ts'
import type { Db } from '../db.ts'
import type { Account, ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, jsonBody, uuidParams } from '../platform/openapi.ts'
import { accountGuard } from '../platform/require-account.ts'
import type { AccountType } from '../schema.ts'
import { applyConfirmation, refundDue } from './confirmation.ts'
import { toPayment, toPayoutAccount, type PaymentRow } from './present.ts'
import {
	claimPayment,
	existingPayment,
	findPayment,
	findPayoutAccount,
	markProcessing,
	openPayment,
	savePayoutAccount,
	setPayoutStatus,
	setProviderRef,
	setStripeAccountStatus,
	stripePaymentId,
} from './repository.ts'
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
import { cardBrand, testCardOutcome } from './test-provider.ts'

const PAYMENT_NOT_FOUND = 'Payment not found'
const PROVIDER_UNAVAILABLE = 'The payment provider could not be reached. Please try again.'

function stripeClient({ secretKey, apiUrl }: { secretKey: string; apiUrl?: string }) {
	if (!apiUrl) return new Stripe(secretKey)
	const url = new URL(apiUrl)
	return new Stripe(secretKey, {
		host: url.hostname,
		port: url.port,
		protocol: url.protocol === 'http:' ? 'http' : 'https',
		maxNetworkRetries: 0,
	})
}

/** A Stripe call that fails is the provider's problem, never a 500 of ours. */
async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
	try {
		return await call()
	} catch (error) {
		log.error({ err: error instanceof Error ? error.message : error }, 'Stripe call failed')
		throw new ApiError(502, PROVIDER_UNAVAILABLE)
	}
}

export function paymentRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	const stripe = config.stripe ? stripeClient(config.stripe) : null
	const provider = stripe ? ('stripe' as const) : ('test' as const)

	async function studentPayment(account: Account, id: string) {
		const payment = await findPayment(db, id)
		if (!payment) throw new ApiError(404, PAYMENT_NOT_FOUND)
		if (payment.student_id !== account.id) throw new ApiError(403, MESSAGES.forbidden)
		return payment
	}

	/** The Stripe intent of a payment, made once (its idempotency key is the payment's id). */
	async function withClientSecret(payment: PaymentRow, course?: CourseRow) {
		if (!stripe || payment.provider !== 'stripe' || payment.status !== 'requires_payment') {
			return { payment: toPayment(payment), clientSecret: null }
		}
		if (payment.provider_ref) {
			const intent = await viaStripe(() => stripe.paymentIntents.retrieve(payment.provider_ref!))
			return { payment: toPayment(payment), clientSecret: intent.client_secret }
		}
		const owner =
			course ?? (payment.course_id ? await findCourse(db, payment.course_id) : undefined)
		const ownerAccount = owner?.tutor_id
			? await findPayoutAccount(db, 'user', owner.tutor_id)
			: owner?.organization_id
				? await findPayoutAccount(db, 'organization', owner.organization_id)
				: undefined
		const destination =
			ownerAccount?.provider === 'stripe' && ownerAccount.status === 'complete'
				? ownerAccount.account_ref
				: undefined
		const intent = await viaStripe(() =>
			stripe.paymentIntents.create(
				{
					amount: payment.amount,
					currency: payment.currency.toLowerCase(),
					automatic_payment_methods: { enabled: true },
					description: payment.course_title,
					metadata: {
						paymentId: payment.id,
						courseId: payment.course_id ?? '',
						studentId: payment.student_id,
					},
					...(destination && { transfer_data: { destination } }),
				},
				{ idempotencyKey: `payment-${payment.id}` },
			),
		)
		const stored = await setProviderRef(db, payment.id, intent.id)
		return { payment: toPayment(stored), clientSecret: intent.client_secret }
	}

	const studentsOnly = requireAccount({ roles: ['student'] })
	const payees = requireAccount({ roles: ['tutor', 'organization'] })

	const payee = (c: Context<ApiEnv>) => {
		const account = c.get('account')
		return {
			type: (account.role === 'organization' ? 'organization' : 'user') as AccountType,
			id: account.id,
		}
	}

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
					const studentId = c.get('account').id
					const course = await findCourse(db, courseId)
					if (!course?.is_published) throw new ApiError(404, COURSE_NOT_FOUND)
					// One payment per student and course: a second checkout (a double click, another tab)
					// answers the payment that enrolled them, or the one still open, never a new one.
					const existing = await existingPayment(db, course.id, studentId)
					if (existing) return c.json(await withClientSecret(existing), 200)
					if (await isEnrolled(db, course.id, studentId)) {
						throw new ApiError(409, 'You are already enrolled in this course')
					}
					if (
						course.max_students !== null &&
						(await countEnrolled(db, course.id)) >= course.max_students
					) {
						throw new ApiError(409, 'This course is full')
					}
					const amount = chargeOf(course)
					const chosen = amount === 0 ? 'free' : provider
					const opened = await openPayment(db, course, studentId, amount, chosen)
					// Another request of this student opened one a moment ago: that one is the answer.
					if (!opened) {
						const raced = await existingPayment(db, course.id, studentId)
						if (!raced) throw new ApiError(409, 'This payment has already been processed')
						return c.json(await withClientSecret(raced), 200)
					}

					if (chosen === 'free') {
						// Nothing to charge: the confirmation follows at once, through the same single path.
						await applyConfirmation(db, {
							eventId: `free_${opened.id}`,
							type: 'free.enrolled',
							paymentId: opened.id,
							outcome: { status: 'succeeded' },
						})
						return c.json(
							{ payment: toPayment((await findPayment(db, opened.id))!), clientSecret: null },
							201,
						)
					}
					return c.json(await withClientSecret(opened, course), 201)
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
				async (c) => {
					const owner = payee(c)
					const account = await findPayoutAccount(db, owner.type, owner.id)
					return c.json({ account: toPayoutAccount(account, provider) }, 200)
				},
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
				async (c) => {
					const { returnUrl, refreshUrl } = c.req.valid('json')
					const owner = payee(c)
					let account = await findPayoutAccount(db, owner.type, owner.id)
					if (!account || account.provider !== provider) {
						const accountRef = stripe
							? (
									await viaStripe(() =>
										stripe.accounts.create({
											type: 'express',
											metadata: { ownerType: owner.type, ownerId: owner.id },
										}),
									)
								).id
							: `acct_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`
						account = await savePayoutAccount(db, owner, provider, accountRef)
					}
					const ref = account.account_ref
					// The test provider has no hosted form: onboarding goes straight to the completion page.
					const url = stripe
						? (
								await viaStripe(() =>
									stripe.accountLinks.create({
										account: ref,
										return_url: returnUrl,
										refresh_url: refreshUrl,
										type: 'account_onboarding',
									}),
								)
							).url
						: returnUrl
					return c.json({ url, account: toPayoutAccount(account, provider) }, 200)
				},
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
				async (c) => {
					const owner = payee(c)
					const account = await findPayoutAccount(db, owner.type, owner.id)
					if (!account) throw new ApiError(409, 'Start payment setup first')
					let complete = true
					if (stripe && account.provider === 'stripe') {
						const remote = await viaStripe(() => stripe.accounts.retrieve(account.account_ref))
						complete = Boolean(remote.details_submitted && remote.charges_enabled)
					}
					const updated = await setPayoutStatus(db, owner, complete ? 'complete' : 'pending')
					return c.json({ account: toPayoutAccount(updated, provider) }, 200)
				},
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
					if (!stripe || !config.stripe) throw new ApiError(404, MESSAGES.notFound)
					const payload = await c.req.text()
					let event: Stripe.Event
					try {
						event = await stripe.webhooks.constructEventAsync(
							payload,
							c.req.header('stripe-signature') ?? '',
							config.stripe.webhookSecret,
						)
					} catch {
						throw new ApiError(400, 'Invalid webhook signature')
					}
					const paymentId = await handleStripeEvent(db, event)
					// A charge refused a seat is refunded; asked on every delivery, so if Stripe cannot be
					// reached now, its retry of this event refunds it (the key makes it happen once).
					const refund = paymentId ? await refundDue(db, paymentId) : null
					if (refund) {
						await viaStripe(() =>
							stripe.refunds
								.create(
									{ payment_intent: refund.intentId, metadata: { paymentId: refund.paymentId } },
									{ idempotencyKey: `refund-${refund.paymentId}` },
								)
								.catch((error: unknown) => {
									// Refunded already: a replay after Stripe forgot the key (24 h) has nothing to do.
									if (
										error instanceof Stripe.errors.StripeError &&
										error.code === 'charge_already_refunded'
									)
										return null
									throw error
								}),
						)
					}
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
					const payment = await studentPayment(c.get('account'), c.req.valid('param').id)
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
					const payment = await studentPayment(c.get('account'), c.req.valid('param').id)
					const card = c.req.valid('json')
					if (payment.provider !== 'test') {
						throw new ApiError(400, 'This payment is not handled by the test provider')
					}
					if (payment.status !== 'requires_payment') {
						throw new ApiError(409, 'This payment has already been processed')
					}
					const claimed = await claimPayment(db, payment.id, {
						brand: cardBrand(card.cardNumber),
						last4: card.cardNumber.slice(-4),
					})
					if (!claimed) throw new ApiError(409, 'This payment has already been processed')
					// The test provider's "webhook": its own event, through the one confirmation path.
					await applyConfirmation(db, {
						eventId: `test_evt_${payment.id}`,
						type: 'test.charge',
						paymentId: payment.id,
						outcome: testCardOutcome(card.cardNumber),
					})
					return c.json({ payment: toPayment((await findPayment(db, payment.id))!) }, 200)
				},
			)
	)
}

/**
 * Stripe's events that matter here; others are acknowledged and ignored. Answers the payment a
 * charge event was about.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event): Promise<string | undefined> {
	switch (event.type) {
		case 'payment_intent.succeeded':
		case 'payment_intent.payment_failed': {
			const intent = event.data.object
			const paymentId = await stripePaymentId(db, intent.id)
			if (!paymentId) return undefined
			await applyConfirmation(db, {
				eventId: event.id,
				type: event.type,
				paymentId,
				outcome:
					event.type === 'payment_intent.succeeded'
						? { status: 'succeeded' }
						: {
								status: 'failed',
								code:
									intent.last_payment_error?.decline_code ??
									intent.last_payment_error?.code ??
									'payment_failed',
								message: intent.last_payment_error?.message ?? 'Your payment failed.',
							},
			})
			return paymentId
		}
		case 'payment_intent.processing': {
			const paymentId = await stripePaymentId(db, event.data.object.id)
			if (!paymentId) return
			await markProcessing(db, paymentId)
			return
		}
		case 'account.updated': {
			const account = event.data.object
			await setStripeAccountStatus(
				db,
				account.id,
				account.details_submitted && account.charges_enabled ? 'complete' : 'pending',
			)
			return
		}
		default:
			return
	}
}
