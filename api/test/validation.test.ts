import { describe, expect, test } from 'vitest'
import { sniffImageType } from '../src/platform/images.ts'
import { EMAIL_PATTERN } from '../src/platform/validation.ts'

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
