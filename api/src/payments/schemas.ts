import { z } from '@hono/zod-openapi'
import { isLuhnValid } from '../../../contract/payments.ts'
import { isoDateTime } from '../platform/openapi.ts'
import { body, declaredAs, requiredText, builtText } from '../platform/validation.ts'

export const checkoutRequest = body({
	courseId: z.guid({ error: 'courseId must be a UUID' }),
})

/** The test provider's card form. The number is used to decide the outcome and then dropped. */
export const testCard = body({
	cardNumber: z
		.string({ error: 'Card number is required' })
		.transform((value) => value.replace(/[\s-]/g, ''))
		.refine(
			(value) => /^\d{12,19}$/.test(value) && isLuhnValid(value),
			'Enter a valid card number',
		),
	expMonth: z
		.number({ error: 'Expiry month must be a number' })
		.int('Expiry month must be a whole number')
		.min(1, 'Expiry month must be from 1 to 12')
		.max(12, 'Expiry month must be from 1 to 12'),
	expYear: z
		.number({ error: 'Expiry year must be a number' })
		.int('Expiry year must be a whole number')
		.min(2000, 'Expiry year must be a four-digit year')
		.max(2100, 'Expiry year must be a four-digit year'),
	cvc: z
		.string({ error: 'Security code is required' })
		.regex(/^\d{3,4}$/, 'Security code must be 3 or 4 digits'),
	name: requiredText('Name on card', 100),
}).refine(
	({ expMonth, expYear }) => {
		const now = new Date()
		return (
			expYear > now.getUTCFullYear() ||
			(expYear === now.getUTCFullYear() && expMonth >= now.getUTCMonth() + 1)
		)
	},
	{ path: ['expMonth'], message: 'Your card has expired' },
)

const httpUrl = (name: string) =>
	z
		.string({ error: builtText('{name} is required', { name }) })
		.max(2000, builtText('{name} must be at most 2000 characters', { name }))
		.refine(
			(value) => {
				try {
					return ['http:', 'https:'].includes(new URL(value).protocol)
				} catch {
					return false
				}
			},
			builtText('{name} must be an http(s) URL', { name }),
		)
		.openapi(declaredAs.webAddress)

export const onboardingRequest = body({
	returnUrl: httpUrl('returnUrl'),
	refreshUrl: httpUrl('refreshUrl'),
})

/** The README's Payment; never more of the card than its brand and last four digits. */
export const payment = z
	.object({
		id: z.string(),
		courseId: z.string().nullable(),
		courseTitle: z.string(),
		studentId: z.string(),
		amount: z.number(),
		currency: z.string(),
		provider: z.enum(['test', 'stripe', 'free']),
		status: z.enum(['requires_payment', 'processing', 'succeeded', 'failed']),
		card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
		failureCode: z.string().nullable(),
		failureMessage: z.string().nullable(),
		createdAt: isoDateTime,
		settledAt: isoDateTime.nullable(),
	})
	.openapi('Payment')

/** A checkout: the payment, and Stripe's client secret while a Stripe payment waits for its card. */
export const checkoutAnswer = z.object({ payment, clientSecret: z.string().nullable() })

export const paymentAnswer = z.object({ payment })

/** The README's payout account: where a teacher's or an organization's course income goes. */
export const payoutAccount = z
	.object({
		provider: z.enum(['test', 'stripe']),
		status: z.enum(['not_started', 'pending', 'complete']),
		accountId: z.string().nullable(),
	})
	.openapi('PayoutAccount')

export const payoutAccountAnswer = z.object({ account: payoutAccount })

/** Where the owner finishes setting up payouts (the provider's form, or straight back). */
export const onboardingAnswer = z.object({ url: z.string(), account: payoutAccount })

/**
 * A Stripe event, as Stripe sends it. Read as raw text, never parsed or validated here: its
 * `Stripe-Signature` is checked over those exact bytes, then Stripe's library reads it.
 */
export const stripeEvent = {
	type: 'object',
	description: 'A Stripe event (https://docs.stripe.com/api/events/object), signed by Stripe',
} as const

export const stripeSignature = z.object({ 'stripe-signature': z.string() })
