import { expect, test } from 'vitest'
import { cardFormSchema, checkoutActionSchema, parseExpiry } from './schema'

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

test('checkout tells its posts apart by intent: stripe and free need nothing more, pay needs a card', () => {
	expect(checkoutActionSchema.parse({ intent: 'free' })).toEqual({ intent: 'free' })
	expect(checkoutActionSchema.parse({ intent: 'stripe' })).toEqual({ intent: 'stripe' })
	const card = { name: 'Sam', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }
	expect(checkoutActionSchema.parse({ intent: 'pay', ...card }).intent).toBe('pay')
	expect(checkoutActionSchema.safeParse({ intent: 'pay', name: 'Sam' }).success).toBe(false)
	expect(checkoutActionSchema.safeParse(card).success).toBe(false)
})
