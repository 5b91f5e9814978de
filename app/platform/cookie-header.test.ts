import { expect, test } from 'vitest'
import { cookiePairs, cookieValue, withoutCookie } from './cookie-header'

test('reads names and raw values, keeping an = inside a value', () => {
	expect(cookiePairs('a=1; __session=eyJ1=.sig==; tz=Europe%2FParis')).toEqual([
		['a', '1'],
		['__session', 'eyJ1=.sig=='],
		['tz', 'Europe%2FParis'],
	])
	expect(cookieValue('a=1;__session=x.y', '__session')).toBe('x.y')
	expect(cookieValue('a=1', '__session')).toBeNull()
	expect(cookiePairs(null)).toEqual([])
})

test('drops every cookie of a name and keeps the rest', () => {
	expect(withoutCookie('toast-session=abc; __session=s; toast-session=def', 'toast-session')).toBe(
		'__session=s',
	)
	expect(withoutCookie(null, 'toast-session')).toBe('')
})
