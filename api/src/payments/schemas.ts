import { z } from 'zod'
import { body, requiredText } from '../platform/validation.ts'

export const checkoutRequest = body({
	courseId: z.guid({ error: 'courseId must be a UUID' }),
})

/** Passes the Luhn checksum every real card number carries. */
export function isLuhnValid(digits: string) {
	let sum = 0
	for (let index = 0; index < digits.length; index++) {
		let digit = Number(digits[digits.length - 1 - index])
		if (index % 2 === 1) {
			digit *= 2
			if (digit > 9) digit -= 9
		}
		sum += digit
	}
	return sum % 10 === 0
}

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

const httpUrl = (label: string) =>
	z
		.string({ error: `${label} is required` })
		.max(2000, `${label} must be at most 2000 characters`)
		.refine((value) => {
			try {
				return ['http:', 'https:'].includes(new URL(value).protocol)
			} catch {
				return false
			}
		}, `${label} must be an http(s) URL`)

export const onboardingRequest = body({
	returnUrl: httpUrl('returnUrl'),
	refreshUrl: httpUrl('refreshUrl'),
})
