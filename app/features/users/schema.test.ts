import { expect, test } from 'vitest'
import { emailPattern } from '~/features/account/schema'
import {
	isPhoneNumber,
	splitSubjects,
	studentProfileFormSchema,
	studentSignupSchema,
} from './schema'

test('accepts emails with a dotted suffix of two or more letters', () => {
	for (const email of ['sam@example.com', 'a.b+c@mail.school.org', 'x@sub.domain.io']) {
		expect(emailPattern.test(email)).toBe(true)
	}
})

test('accepts a bracketed IPv4 address as the domain', () => {
	expect(emailPattern.test('admin@[192.168.0.1]')).toBe(true)
	expect(emailPattern.test('admin@[999.1.1.1]')).toBe(false)
})

test('refuses emails without a proper domain', () => {
	for (const email of [
		'sam',
		'sam@',
		'@example.com',
		'sam@example',
		'sam@example.c',
		'sam@example.c0m',
		'sa m@example.com',
		'sam@@example.com',
	]) {
		expect(emailPattern.test(email)).toBe(false)
	}
})

test('signup requires matching passwords', () => {
	const result = studentSignupSchema.safeParse({
		firstName: 'Sam',
		lastName: 'Rivera',
		email: 'sam@example.com',
		password: 'long-enough-1',
		confirmPassword: 'different-1',
	})
	expect(result.success).toBe(false)
	expect(result.error?.issues[0]?.path).toEqual(['confirmPassword'])
})

test('splits subjects on commas and drops blanks', () => {
	expect(splitSubjects(' Maths, Physics ,, ')).toEqual(['Maths', 'Physics'])
	expect(splitSubjects(undefined)).toEqual([])
})

test('a phone number has 7 to 15 digits, spaces, dashes, dots, brackets and a leading + only', () => {
	for (const phone of ['+1 555 010 1234', '555-0100', '(020) 7946.0958', '+447911123456'])
		expect(isPhoneNumber(phone)).toBe(true)
	for (const phone of [
		'call me',
		'555 01',
		'12345678901234567',
		'1+555 0100',
		'+1 555 0100 ext 2',
		'++15550100',
	])
		expect(isPhoneNumber(phone)).toBe(false)
	const bad = studentProfileFormSchema.safeParse({
		firstName: 'A',
		lastName: 'B',
		phone: 'not a phone',
	})
	expect(
		bad.success ? [] : bad.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
	).toEqual([['phone', 'Enter a phone number of 7 to 15 digits, for example +1 555 010 1234']])
	expect(studentProfileFormSchema.safeParse({ firstName: 'A', lastName: 'B' }).success).toBe(true)
})
