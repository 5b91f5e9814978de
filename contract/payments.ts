// The test provider's card rule (decision 048): the API refuses a card number that fails it, and
// the app's card form checks it before sending.

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
