import type { Outcome } from './confirmation.ts'

/**
 * Stripe's documented test card numbers (https://docs.stripe.com/testing), so checkout works on a
 * fresh machine with no keys. Any other number is declined, as Stripe's test mode does.
 */
const TEST_CARDS: Record<string, Outcome> = {
	'4242424242424242': { status: 'succeeded' },
	'4000056655665556': { status: 'succeeded' },
	'5555555555554444': { status: 'succeeded' },
	'378282246310005': { status: 'succeeded' },
	'4000000000000002': {
		status: 'failed',
		code: 'card_declined',
		message: 'Your card was declined.',
	},
	'4000000000009995': {
		status: 'failed',
		code: 'insufficient_funds',
		message: 'Your card has insufficient funds.',
	},
	'4000000000000069': { status: 'failed', code: 'expired_card', message: 'Your card has expired.' },
	'4000000000000127': {
		status: 'failed',
		code: 'incorrect_cvc',
		message: "Your card's security code is incorrect.",
	},
}

const UNKNOWN_CARD: Outcome = {
	status: 'failed',
	code: 'card_declined',
	message: 'Your card was declined. Payments here accept test card numbers only.',
}

export function testCardOutcome(cardNumber: string): Outcome {
	return TEST_CARDS[cardNumber] ?? UNKNOWN_CARD
}

export function cardBrand(cardNumber: string) {
	if (/^4/.test(cardNumber)) return 'visa'
	if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(cardNumber)) return 'mastercard'
	if (/^3[47]/.test(cardNumber)) return 'amex'
	if (/^(6011|65|64[4-9])/.test(cardNumber)) return 'discover'
	return 'unknown'
}
