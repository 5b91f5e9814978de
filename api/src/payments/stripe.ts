import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import type { CourseRow } from '../courses/present.ts'
import { findCourse } from '../courses/repository.ts'
import type { Db } from '../db.ts'
import type { ApiConfig } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { log } from '../platform/log.ts'
import { applyConfirmation, refundDue } from './confirmation.ts'
import { toPayment, type PaymentRow } from './present.ts'
import {
	findPayoutAccount,
	markProcessing,
	setProviderRef,
	setStripeAccountStatus,
	stripePaymentId,
	type PayoutOwner,
} from './repository.ts'

// The payment provider (moved from payments/routes.ts, decision 060): Stripe when it is
// configured, else the test provider, whose card form is the API's own (payments/test-provider.ts).

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

/** The provider of new payments and payout accounts, and what it does for each. */
export function paymentGateway(db: Db, config: Pick<ApiConfig, 'stripe'>) {
	const stripe = config.stripe ? stripeClient(config.stripe) : null
	const provider = stripe ? ('stripe' as const) : ('test' as const)
	return {
		provider,
		/** The Stripe intent of a payment, made once (its idempotency key is the payment's id). */
		async withClientSecret(payment: PaymentRow, course?: CourseRow) {
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
		},

		/** The owner's account with the provider: a new Stripe account, or the test provider's. */
		async newPayoutAccount(owner: PayoutOwner) {
			if (!stripe) return `acct_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`
			const account = await viaStripe(() =>
				stripe.accounts.create({
					type: 'express',
					metadata: { ownerType: owner.type, ownerId: owner.id },
				}),
			)
			return account.id
		},

		/** Where the owner fills in the payout form (the test provider has none: straight back). */
		async onboardingUrl(accountRef: string, returnUrl: string, refreshUrl: string) {
			if (!stripe) return returnUrl
			const link = await viaStripe(() =>
				stripe.accountLinks.create({
					account: accountRef,
					return_url: returnUrl,
					refresh_url: refreshUrl,
					type: 'account_onboarding',
				}),
			)
			return link.url
		},

		/** Whether the provider has what it needs to pay the owner out. */
		async isPayoutReady(account: { provider: string; account_ref: string }) {
			if (!stripe || account.provider !== 'stripe') return true
			const remote = await viaStripe(() => stripe.accounts.retrieve(account.account_ref))
			return Boolean(remote.details_submitted && remote.charges_enabled)
		},

		/**
		 * A webhook delivery: its signature checked over the exact bytes Stripe sent, its event
		 * applied, and a charge refused a seat refunded. Asked on every delivery, so if Stripe cannot
		 * be reached now, its retry of this event refunds it (the key makes it happen once).
		 */
		async receive(payload: string, signature: string) {
			if (!stripe || !config.stripe) throw new ApiError(404, MESSAGES.notFound)
			let event: Stripe.Event
			try {
				event = await stripe.webhooks.constructEventAsync(
					payload,
					signature,
					config.stripe.webhookSecret,
				)
			} catch {
				throw new ApiError(400, 'Invalid webhook signature')
			}
			const paymentId = await handleStripeEvent(db, event)
			const refund = paymentId ? await refundDue(db, paymentId) : null
			if (!refund) return
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
		},
	}
}

export type PaymentGateway = ReturnType<typeof paymentGateway>

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
