import { describe, expect, test } from 'vitest'
import { rowsAndTotal, totalFromPage, toPage } from '../src/platform/pagination.ts'

// Decision 076: a list's total is counted in a statement of its own only when its page cannot say it.
describe('a page that says its list total', () => {
	test('a page short of its limit ends the list; a full or empty later page does not say', () => {
		expect(totalFromPage(toPage({ page: 1, limit: 10 }), 0)).toBe(0)
		expect(totalFromPage(toPage({ page: 1, limit: 10 }), 3)).toBe(3)
		expect(totalFromPage(toPage({ page: 3, limit: 10 }), 4)).toBe(24)
		expect(totalFromPage(toPage({ page: 1, limit: 10 }), 10)).toBeUndefined()
		expect(totalFromPage(toPage({ page: 2, limit: 10 }), 10)).toBeUndefined()
		// Past the end: the rows before it are unknown.
		expect(totalFromPage(toPage({ page: 4, limit: 10 }), 0)).toBeUndefined()
	})

	test('rowsAndTotal counts only when the page cannot say', async () => {
		let counted = 0
		const count = async () => {
			counted += 1
			return { total: '57' }
		}
		const rows = (length: number) => Promise.resolve(Array.from({ length }, (_, index) => index))
		expect(await rowsAndTotal(toPage({ page: 1, limit: 10 }), rows(3), count)).toEqual({
			rows: [0, 1, 2],
			total: 3,
		})
		expect(counted).toBe(0)
		expect((await rowsAndTotal(toPage({ page: 1, limit: 10 }), rows(10), count)).total).toBe(57)
		expect((await rowsAndTotal(toPage({ page: 9, limit: 10 }), rows(0), count)).total).toBe(57)
		expect(counted).toBe(2)
	})
})
