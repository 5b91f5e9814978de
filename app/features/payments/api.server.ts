import { invalidate, staleAfter } from '~/platform/cache-invalidation.server'
import { throwPageError } from '~/platform/settle.server'
import type { Upstream } from '~/platform/upstream.server'
import { UpstreamError } from '~/platform/upstream-errors'
import {
	checkoutAnswerSchema,
	onboardingAnswerSchema,
	onboardingStartSchema,
	parseExpiry,
	paymentAnswerSchema,
	type CardForm,
} from './schema'

// The payment calls the spec leaves unshown, as designed in api/README.md (Payments).

export function startCheckout(api: Upstream, courseId: string) {
	return api.send('POST', '/payments/checkout', {
		json: { courseId },
		schema: checkoutAnswerSchema,
		fallback: 'Payment failed',
		// A free course enrols at once: the student's work, the teacher's and organization's lists.
		invalidates: staleAfter.enrollment,
	})
}

/** The test provider's charge. The card number goes to the API once and is never kept here. */
export function payWithTestCard(api: Upstream, paymentId: string, card: CardForm) {
	return api.send('POST', `/payments/${encodeURIComponent(paymentId)}/pay`, {
		json: {
			cardNumber: card.cardNumber,
			cvc: card.cvc,
			name: card.name,
			...parseExpiry(card.expiry),
		},
		schema: paymentAnswerSchema,
		fallback: 'Payment failed',
		invalidates: staleAfter.enrollment,
	})
}

/** Never cached: the processing page follows it until the provider settles it. */
export async function getPayment(api: Upstream, paymentId: string) {
	const { payment } = await api.get(`/payments/${encodeURIComponent(paymentId)}`, {
		schema: paymentAnswerSchema,
		fallback: 'Failed to fetch payment',
		cache: false,
	})
	if (payment.status === 'succeeded') announceEnrollment(payment.id)
	return payment
}

/**
 * The signed-in student's own payment for this course, if it ended as `outcome`; otherwise null
 * (no id, an unknown one, another student's, another course's, or a payment in another state).
 * The success and failed pages speak only of the visitor's own payment.
 */
export async function ownSettledPayment(
	api: Upstream,
	{
		paymentId,
		courseId,
		outcome,
	}: { paymentId: string | null; courseId: string; outcome: 'succeeded' | 'failed' },
) {
	if (!paymentId) return null
	try {
		const payment = await getPayment(api, paymentId)
		return payment.courseId === courseId && payment.status === outcome ? payment : null
	} catch (error) {
		// The API refuses another student's payment (403) and knows no such id (400, 404).
		if (error instanceof UpstreamError && [400, 403, 404].includes(error.status ?? 0)) return null
		// Any other failure (the API down, slow, broken) is the page's upstream failure, never a crash.
		return throwPageError(error)
	}
}

// Payments whose enrolment this process has announced. A Stripe webhook settles a payment at the
// API, unseen here: the student's processing page is where the app learns of it. Announcing each
// payment once keeps a reloaded success page from emptying everyone's cache again and again.
const announced = new Set<string>()
const maxAnnounced = 10_000

function announceEnrollment(paymentId: string) {
	if (announced.has(paymentId)) return
	if (announced.size >= maxAnnounced) announced.clear()
	announced.add(paymentId)
	invalidate(staleAfter.enrollment)
}

export async function getPayoutAccount(api: Upstream) {
	const { account } = await api.get('/payments/onboarding', {
		schema: onboardingAnswerSchema,
		fallback: 'Failed to fetch payment setup',
		cache: false,
	})
	return account
}

export function startOnboarding(api: Upstream, urls: { returnUrl: string; refreshUrl: string }) {
	return api.send('POST', '/payments/onboarding', {
		json: urls,
		schema: onboardingStartSchema,
		fallback: 'Failed to start payment setup',
	})
}

export async function completeOnboarding(api: Upstream) {
	const { account } = await api.send('POST', '/payments/onboarding/complete', {
		schema: onboardingAnswerSchema,
		fallback: 'Failed to complete payment setup',
	})
	return account
}
