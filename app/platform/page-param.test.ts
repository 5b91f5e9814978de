import { expect, test } from 'vitest'
import { pageParam } from './page-param'

test('a whole page number from 1 is kept; anything else reads as page 1', () => {
	expect(pageParam(new URLSearchParams('page=3'))).toBe(3)
	expect(pageParam(new URLSearchParams('studentsPage=2&page=5'), 'studentsPage')).toBe(2)
	for (const bad of ['', 'page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=1e9']) {
		expect(pageParam(new URLSearchParams(bad))).toBe(1)
	}
})
