import { t } from '@lingui/core/macro'
import { z } from 'zod'
import { isLuhnValid } from '../../../contract/payments.ts'

// Answers of the reference API's payment calls (api/README.md, Payments).
export const paymentSchema = z.object({
	id: z.string(),
	courseId: z.string().nullable(),
	courseTitle: z.string(),
	amount: z.number(),
	currency: z.string(),
	provider: z.enum(['test', 'stripe', 'free']),
	status: z.enum(['requires_payment', 'processing', 'succeeded', 'failed']),
	card: z.object({ brand: z.string(), last4: z.string() }).nullable().optional(),
	failureCode: z.string().nullable().optional(),
	failureMessage: z.string().nullable().optional(),
})
export type Payment = z.infer<typeof paymentSchema>

export const checkoutAnswerSchema = z.object({
	payment: paymentSchema,
	clientSecret: z.string().nullable().optional(),
})
export const paymentAnswerSchema = z.object({ payment: paymentSchema })

export const payoutAccountSchema = z.object({
	provider: z.enum(['test', 'stripe']),
	status: z.enum(['not_started', 'pending', 'complete']),
	accountId: z.string().nullable(),
})
export type PayoutAccount = z.infer<typeof payoutAccountSchema>
export const onboardingAnswerSchema = z.object({ account: payoutAccountSchema })
export const onboardingStartSchema = z.object({ url: z.string(), account: payoutAccountSchema })

/** The payment-setup form: its button is the whole request (Set up payments, Continue setup). */
export const paymentSetupSchema = z.object({})

/** Spec section 3 keeps no settled state in the browser: these pick the page after processing. */
export const isSettled = (payment: Pick<Payment, 'status'>) =>
	payment.status === 'succeeded' || payment.status === 'failed'

// The test provider's card form (no Stripe keys). The same schema checks the browser and the action.
export const cardFormSchema = z.object({
	// Error messages are functions, read when the form is checked: in the page's language.
	name: z
		.string({ error: () => t`Enter the name on the card` })
		.trim()
		.min(1, { error: () => t`Enter the name on the card` })
		.max(100, { error: () => t`Name is too long` }),
	cardNumber: z
		.string({ error: () => t`Enter your card number` })
		.transform((value) => value.replace(/[\s-]/g, ''))
		.refine((value) => /^\d{12,19}$/.test(value) && isLuhnValid(value), {
			error: () => t`Enter a valid card number`,
		}),
	expiry: z
		.string({ error: () => t`Enter the expiry date` })
		.trim()
		.regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, {
			error: () => t`Enter the expiry date as MM/YY`,
		}),
	cvc: z
		.string({ error: () => t`Enter the security code` })
		.trim()
		.regex(/^\d{3,4}$/, { error: () => t`The security code is 3 or 4 digits` }),
})
export type CardForm = z.infer<typeof cardFormSchema>

/** The checkout page's posts: Stripe asks for its PaymentIntent, a free course enrols, the test card pays. */
export const checkoutActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('stripe') }),
	z.object({ intent: z.literal('free') }),
	cardFormSchema.extend({ intent: z.literal('pay') }),
])

/** "04/29" -> { expMonth: 4, expYear: 2029 } */
export function parseExpiry(expiry: string) {
	const [month = '', year = ''] = expiry.split('/').map((part) => part.trim())
	return {
		expMonth: Number(month),
		expYear: year.length === 2 ? 2000 + Number(year) : Number(year),
	}
}
