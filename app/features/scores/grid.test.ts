import { expect, test } from 'vitest'
import {
	cellError,
	cellKey,
	cellName,
	gridValues,
	parseCell,
	parseScoreGrid,
	parseSubjects,
} from './grid'

const form = (entries: Record<string, string>) => {
	const data = new FormData()
	for (const [name, value] of Object.entries(entries)) data.append(name, value)
	return data
}

test('a cell is empty (no score) or a number from 0 to 100 with at most two decimals', () => {
	expect(parseCell('')).toEqual({ ok: true, score: null })
	expect(parseCell('  ')).toEqual({ ok: true, score: null })
	expect(parseCell('0')).toEqual({ ok: true, score: 0 })
	expect(parseCell(' 100 ')).toEqual({ ok: true, score: 100 })
	expect(parseCell('59.75')).toEqual({ ok: true, score: 59.75 })
	for (const bad of ['100.01', '101', '-1', '1e2', 'abc', '5.123', '.5', '0x10']) {
		expect(parseCell(bad), bad).toEqual({ ok: false })
	}
})

test('a valid grid becomes one change per cell, blanks removing a score', () => {
	const result = parseScoreGrid(
		form({
			term: ' Term 1 2026 ',
			[cellName('s1', 'Maths')]: '88',
			[cellName('s1', 'Social studies')]: '',
			[cellName('s2', 'Maths')]: '59.5',
			other: 'ignored',
		}),
	)
	expect(result).toEqual({
		ok: true,
		term: 'Term 1 2026',
		changes: [
			{ studentId: 's1', subject: 'Maths', score: 88 },
			{ studentId: 's1', subject: 'Social studies', score: null },
			{ studentId: 's2', subject: 'Maths', score: 59.5 },
		],
	})
})

test('any bad cell fails the whole grid, with the error on that cell only', () => {
	const result = parseScoreGrid(
		form({ term: 'T1', [cellName('s1', 'Maths')]: '88', [cellName('s2', 'Maths')]: '120' }),
	)
	expect(result.ok).toBe(false)
	if (result.ok) return
	expect(result.cellErrors).toEqual({ [cellKey('s2', 'Maths')]: cellError })
	expect(result.values[cellKey('s2', 'Maths')]).toBe('120')
	expect(result.formErrors).toEqual(['1 score needs correcting. Nothing was saved.'])
})

test('a missing term or an empty grid is refused', () => {
	const result = parseScoreGrid(form({ term: ' ' }))
	expect(result.ok).toBe(false)
	if (result.ok) return
	expect(result.formErrors).toEqual([
		'Enter the term, for example Term 1 2026',
		'There are no scores to save',
	])
})

test('subjects are split on commas, de-duplicated ignoring case, and checked', () => {
	expect(parseSubjects('Maths, science ,, maths')).toEqual({
		subjects: ['Maths', 'science'],
		errors: [],
	})
	expect(parseSubjects('Art[1]').errors).toEqual(['Art[1]: A subject cannot contain [ or ]'])
	const many = Array.from({ length: 13 }, (_, index) => `S${index}`).join(',')
	expect(parseSubjects(many).errors).toEqual(['Choose at most 12 subjects at once'])
})

test('stored scores fill the grid as text', () => {
	expect(
		gridValues([
			{ id: '1', studentId: 's1', studentName: 'A', subject: 'Maths', term: 'T', score: 72.5 },
		]),
	).toEqual({ [cellKey('s1', 'Maths')]: '72.5' })
})
