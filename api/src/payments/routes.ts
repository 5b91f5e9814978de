import { randomUUID } from 'node:crypto'
import { log } from '../platform/log.ts'
import { Hono, type Context } from 'hono'
import Stripe from 'stripe'
import { chargeOf, type CourseRow } from '../courses/present.ts'
import { isEnrolled } from '../courses/access.ts'
import { countEnrolled, findCourse } from '../courses/repository.ts'
import { COURSE_NOT_FOUND } from '../courses/routes.ts'
import type { Db } from '../db.ts'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { readJsonBody } from '../platform/json.ts'
import { accountGuard } from '../platform/require-account.ts'
import { readId } from '../platform/validation.ts'
import type { AccountType } from '../schema.ts'
import { applyConfirmation, refundDue } from './confirmation.ts'
import { toPayment, toPayoutAccount, type PaymentRow } from './present.ts'
import { checkoutRequest, onboardingRequest, testCard } from './schemas.ts'
import { cardBrand, testCardOutcome } from './test-provider.ts'

const PAYMENT_NOT_FOUND = 'Payment not found'
const PROVIDER_UNAVAILABLE = 'The payment provider could not be reached. Please try again.'

const findPayment = (db: Db, id: string) =>
	db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst()

const findPayoutAccount = (db: Db, ownerType: AccountType, ownerId: string) =>
	db
		.selectFrom('payout_accounts')
		.selectAll()
		.where('owner_type', '=', ownerType)
		.where('owner_id', '=', ownerId)
		.executeTakeFirst()

const IN_FLIGHT = ['requires_payment', 'processing'] as const

/** The payment that enrolled the student in the course, else the one still open, if any. */
async function existingPayment(db: Db, courseId: string, studentId: string) {
	const payments = await db
		.selectFrom('payments')
		.selectAll()
		.where('course_id', '=', courseId)
		.where('student_id', '=', studentId)
		.where('status', 'in', ['succeeded', ...IN_FLIGHT])
		.orderBy('created_at', 'desc')
		.execute()
	const enrolled = payments.find((payment) => payment.status === 'succeeded')
	if (enrolled) {
		// Paid for and since left (or removed): a new checkout is a new payment.
		return (await isEnrolled(db, courseId, studentId)) ? enrolled : payments.find(inFlight)
	}
	return payments.find(inFlight)
}

const inFlight = (payment: PaymentRow) => (IN_FLIGHT as readonly string[]).includes(payment.status)

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

	async function studentPayment(c: Context<ApiEnv>) {
		const payment = await findPayment(db, readId('id', c.req.param('id')))
		if (!payment) throw new ApiError(404, PAYMENT_NOT_FOUND)
		if (payment.student_id !== c.get('account').id) throw new ApiError(403, MESSAGES.forbidden)
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
		const stored = await db
			.updateTable('payments')
			.set({ provider_ref: intent.id, updated_at: new Date() })
			.where('id', '=', payment.id)
			.returningAll()
			.executeTakeFirstOrThrow()
		return { payment: toPayment(stored), clientSecret: intent.client_secret }
	}

	const payee = (c: Context<ApiEnv>) => {
		const account = c.get('account')
		return {
			type: (account.role === 'organization' ? 'organization' : 'user') as AccountType,
			id: account.id,
		}
	}

	return new Hono<ApiEnv>()
		.post('/checkout', requireAccount({ roles: ['student'] }), async (c) => {
			const { courseId } = await readJsonBody(c, checkoutRequest)
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
			const opened = await db
				.insertInto('payments')
				.values({
					course_id: course.id,
					course_title: course.title,
					student_id: studentId,
					amount,
					currency: course.price_currency,
					provider: chosen,
					provider_ref: chosen === 'test' ? `test_pi_${randomUUID()}` : null,
				})
				.onConflict((conflict) =>
					conflict
						.columns(['student_id', 'course_id'])
						.where('status', 'in', IN_FLIGHT)
						.doNothing(),
				)
				.returningAll()
				.executeTakeFirst()
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
		})
		.get('/onboarding', requireAccount({ roles: ['tutor', 'organization'] }), async (c) => {
			const owner = payee(c)
			const account = await findPayoutAccount(db, owner.type, owner.id)
			return c.json({ account: toPayoutAccount(account, provider) })
		})
		.post('/onboarding', requireAccount({ roles: ['tutor', 'organization'] }), async (c) => {
			const { returnUrl, refreshUrl } = await readJsonBody(c, onboardingRequest)
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
				account = await db
					.insertInto('payout_accounts')
					.values({ owner_type: owner.type, owner_id: owner.id, provider, account_ref: accountRef })
					.onConflict((conflict) =>
						conflict.columns(['owner_type', 'owner_id']).doUpdateSet({
							provider,
							account_ref: accountRef,
							status: 'pending',
							updated_at: new Date(),
						}),
					)
					.returningAll()
					.executeTakeFirstOrThrow()
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
			return c.json({ url, account: toPayoutAccount(account, provider) })
		})
		.post(
			'/onboarding/complete',
			requireAccount({ roles: ['tutor', 'organization'] }),
			async (c) => {
				const owner = payee(c)
				const account = await findPayoutAccount(db, owner.type, owner.id)
				if (!account) throw new ApiError(409, 'Start payment setup first')
				let complete = true
				if (stripe && account.provider === 'stripe') {
					const remote = await viaStripe(() => stripe.accounts.retrieve(account.account_ref))
					complete = Boolean(remote.details_submitted && remote.charges_enabled)
				}
				const updated = await db
					.updateTable('payout_accounts')
					.set({ status: complete ? 'complete' : 'pending', updated_at: new Date() })
					.where('owner_type', '=', owner.type)
					.where('owner_id', '=', owner.id)
					.returningAll()
					.executeTakeFirstOrThrow()
				return c.json({ account: toPayoutAccount(updated, provider) })
			},
		)
		.post('/webhook', async (c) => {
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
			return c.json({ received: true })
		})
		.get('/:id', requireAccount({ roles: ['student'] }), async (c) => {
			return c.json({ payment: toPayment(await studentPayment(c)) })
		})
		.post('/:id/pay', requireAccount({ roles: ['student'] }), async (c) => {
			const payment = await studentPayment(c)
			const card = await readJsonBody(c, testCard)
			if (payment.provider !== 'test') {
				throw new ApiError(400, 'This payment is not handled by the test provider')
			}
			if (payment.status !== 'requires_payment') {
				throw new ApiError(409, 'This payment has already been processed')
			}
			const claimed = await db
				.updateTable('payments')
				.set({
					status: 'processing',
					card_brand: cardBrand(card.cardNumber),
					card_last4: card.cardNumber.slice(-4),
					updated_at: new Date(),
				})
				.where('id', '=', payment.id)
				.where('status', '=', 'requires_payment')
				.returning('id')
				.executeTakeFirst()
			if (!claimed) throw new ApiError(409, 'This payment has already been processed')
			// The test provider's "webhook": its own event, through the one confirmation path.
			await applyConfirmation(db, {
				eventId: `test_evt_${payment.id}`,
				type: 'test.charge',
				paymentId: payment.id,
				outcome: testCardOutcome(card.cardNumber),
			})
			return c.json({ payment: toPayment((await findPayment(db, payment.id))!) })
		})
}

async function paymentIdFor(db: Db, intent: Stripe.PaymentIntent) {
	const row = await db
		.selectFrom('payments')
		.select('id')
		.where('provider', '=', 'stripe')
		.where('provider_ref', '=', intent.id)
		.executeTakeFirst()
	return row?.id
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
			const paymentId = await paymentIdFor(db, intent)
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
			const paymentId = await paymentIdFor(db, event.data.object)
			if (!paymentId) return
			await db
				.updateTable('payments')
				.set({ status: 'processing', updated_at: new Date() })
				.where('id', '=', paymentId)
				.where('status', '=', 'requires_payment')
				.execute()
			return
		}
		case 'account.updated': {
			const account = event.data.object
			await db
				.updateTable('payout_accounts')
				.set({
					status: account.details_submitted && account.charges_enabled ? 'complete' : 'pending',
					updated_at: new Date(),
				})
				.where('provider', '=', 'stripe')
				.where('account_ref', '=', account.id)
				.execute()
			return
		}
		default:
			return
	}
}
