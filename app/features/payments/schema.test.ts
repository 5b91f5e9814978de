import { expect, test } from 'vitest'
import { cardFormSchema, parseExpiry } from './schema'

test('the card form accepts spaced numbers and checks the Luhn digit', () => {
	const card = { name: 'Sam', expiry: '12/30', cvc: '123' }
	expect(cardFormSchema.parse({ ...card, cardNumber: '4242 4242 4242 4242' }).cardNumber).toBe(
		'4242424242424242',
	)
	expect(
		cardFormSchema.safeParse({ ...card, cardNumber: '4242 4242 4242 4241' }).error?.issues[0]
			?.message,
	).toBe('Enter a valid card number')
	expect(
		cardFormSchema.safeParse({ ...card, cardNumber: '4242424242424242', expiry: '13/30' }).success,
	).toBe(false)
})

test('expiry MM/YY or MM/YYYY becomes month and four-digit year', () => {
	expect(parseExpiry('04/29')).toEqual({ expMonth: 4, expYear: 2029 })
	expect(parseExpiry('12 / 2031')).toEqual({ expMonth: 12, expYear: 2031 })
})
