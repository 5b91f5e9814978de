import { describe, expect, test } from 'vitest'
import { sniffImageType } from '../src/platform/images.ts'
import { declaredAs, EMAIL_PATTERN, isPhoneNumber } from '../src/platform/validation.ts'

describe('the email rule (spec section 5)', () => {
	test.each(['a@example.com', 'first.last+tag@sub.example.co', 'x@[10.0.0.255]', 'u@host.museum'])(
		'accepts %s',
		(email) => expect(EMAIL_PATTERN.test(email)).toBe(true),
	)
	test.each([
		'a@example',
		'a@example.c',
		'a@example.c0',
		'@example.com',
		'a b@example.com',
		'a@[256.0.0.1]',
		'a@[1.2.3]',
		'a@@example.com',
	])('rejects %s', (email) => expect(EMAIL_PATTERN.test(email)).toBe(false))

	test('has no flag, so the document carries all of it: upper case is in its classes', () => {
		expect(EMAIL_PATTERN.flags).toBe('')
		expect(EMAIL_PATTERN.test('Student@Example.COM')).toBe(true)
	})
})

test.each([
	'+44 20 7946 0958',
	'(020) 7946-0958',
	'1234567',
	'123456789012345',
	'+1.555.123.4567',
	'123456',
	'1234567890123456',
	'+44 20 7946 0958 ext',
	'++4420794609',
	'',
	'555-CALL-NOW',
])('the phone pattern the document declares agrees with isPhoneNumber: %j', (value) => {
	const declared = new RegExp(declaredAs.phone.pattern, 'u').test(value)
	expect(declared).toBe(isPhoneNumber(value))
})

describe('image sniffing', () => {
	const bytes = (...values: (number | string)[]) =>
		Uint8Array.from(
			values.flatMap((value) =>
				typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value],
			),
		)

	test('recognizes PNG, JPEG, GIF and WebP by their first bytes only', () => {
		expect(sniffImageType(bytes(0x89, 'PNG\r\n', 0x1a, '\n'))).toBe('image/png')
		expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xdb))).toBe('image/jpeg')
		expect(sniffImageType(bytes('GIF87a'))).toBe('image/gif')
		expect(sniffImageType(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('image/webp')
		expect(sniffImageType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull()
		expect(sniffImageType(bytes('<svg'))).toBeNull()
		expect(sniffImageType(bytes())).toBeNull()
	})
})
