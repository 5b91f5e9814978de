import { expect, test } from 'vitest'
import {
	cellError,
	cellKey,
	cellOfBatchPath,
	gridInput,
	gridValues,
	parseCell,
	parseScoreGrid,
	parseSubjects,
	typedCell,
} from './grid'

/** A refused form's messages by field ('' for the form's own), or null when it was accepted. */
const errorsOf = (submission: ReturnType<typeof parseScoreGrid>) =>
	submission.status === 'error' ? submission.error : null

const form = (entries: [string, string][]) => {
	const data = new FormData()
	for (const [name, value] of entries) data.append(name, value)
	return data
}

/** A grid form as the page posts it: the term, the rows' students, the columns' subjects, the cells. */
const gridForm = (
	term: string,
	students: string[],
	subjects: string[],
	cells: Record<string, string>,
	extra: [string, string][] = [],
) =>
	form([
		['term', term],
		...students.map((id, row): [string, string] => [gridInput.student(row), id]),
		...subjects.map((subject, col): [string, string] => [gridInput.subject(col), subject]),
		...Object.entries(cells),
		...extra,
	])

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

test('cells are named by position, which conform reads as a list of lists', () => {
	expect(gridInput.cell(2, 11)).toBe('scores[2][11]')
	expect(gridInput.student(2)).toBe('students[2]')
	expect(gridInput.subject(11)).toBe('subjects[11]')
})

test('a valid grid becomes one change per cell, blanks removing a score', () => {
	const result = parseScoreGrid(
		gridForm(
			' Term 1 2026 ',
			['s1', 's2'],
			['Maths', 'Social studies', 'Sci. (adv.)'],
			{
				[gridInput.cell(0, 0)]: '88',
				[gridInput.cell(0, 1)]: '',
				[gridInput.cell(0, 2)]: ' 70.5 ',
				[gridInput.cell(1, 0)]: '59.5',
				[gridInput.cell(1, 1)]: '  ',
			},
			[
				['page', '2'],
				['other', 'ignored'],
			],
		),
	)
	expect(result.status).toBe('success')
	if (result.status !== 'success') return
	expect(result.value).toEqual({
		term: 'Term 1 2026',
		changes: [
			{ studentId: 's1', subject: 'Maths', score: 88 },
			{ studentId: 's1', subject: 'Social studies', score: null },
			{ studentId: 's1', subject: 'Sci. (adv.)', score: 70.5 },
			{ studentId: 's2', subject: 'Maths', score: 59.5 },
			{ studentId: 's2', subject: 'Social studies', score: null },
		],
		cellNames: ['scores[0][0]', 'scores[0][1]', 'scores[0][2]', 'scores[1][0]', 'scores[1][1]'],
		subjects: ['Maths', 'Social studies', 'Sci. (adv.)'],
		page: '2',
	})
})

test('a cell the form does not send is left alone; an empty one removes the score', () => {
	const result = parseScoreGrid(
		gridForm('T1', ['s1'], ['Maths', 'Art', 'Music'], { [gridInput.cell(0, 2)]: '' }),
	)
	expect(result.status === 'success' && result.value.changes).toEqual([
		{ studentId: 's1', subject: 'Music', score: null },
	])
})

test('any bad cell fails the whole grid, with the error on that cell only', () => {
	const result = parseScoreGrid(
		gridForm('T1', ['s1', 's2'], ['Maths'], {
			[gridInput.cell(0, 0)]: '88',
			[gridInput.cell(1, 0)]: '120',
		}),
	)
	expect(result.status).toBe('error')
	expect(errorsOf(result)).toEqual({
		'scores[1][0]': [cellError()],
		'': ['1 score needs correcting. Nothing was saved.'],
	})
	// What was typed comes back to be shown again.
	expect(typedCell(result.reply().initialValue, 1, 0)).toBe('120')
	expect(typedCell(result.reply().initialValue, 0, 0)).toBe('88')
})

test('every bad cell is counted, and a name sent twice is no score', () => {
	const result = parseScoreGrid(
		gridForm(
			'T1',
			['s1', 's2'],
			['Maths', 'Art'],
			{
				[gridInput.cell(0, 0)]: 'abc',
				[gridInput.cell(0, 1)]: '100.01',
				[gridInput.cell(1, 0)]: '5.123',
				[gridInput.cell(1, 1)]: '50',
			},
			[[gridInput.cell(1, 1), '60']],
		),
	)
	expect(errorsOf(result)).toEqual({
		'scores[0][0]': [cellError()],
		'scores[0][1]': [cellError()],
		'scores[1][0]': [cellError()],
		'scores[1][1]': [cellError()],
		'': ['4 scores need correcting. Nothing was saved.'],
	})
})

test('a missing term or an empty grid is refused', () => {
	for (const term of [' ', '']) {
		const result = parseScoreGrid(gridForm(term, ['s1'], ['Maths'], {}))
		expect(result.status, JSON.stringify(term)).toBe('error')
		expect(errorsOf(result)).toEqual({
			term: ['Enter the term, for example Term 1 2026'],
			'': ['There are no scores to save'],
		})
	}
	const noTerm = parseScoreGrid(form([]))
	expect(errorsOf(noTerm)).toEqual({
		term: ['Enter the term, for example Term 1 2026'],
		'': ['There are no scores to save'],
	})
})

test('a bad term and bad cells are all named at once', () => {
	const result = parseScoreGrid(
		gridForm('x'.repeat(51), ['s1'], ['Maths'], { [gridInput.cell(0, 0)]: '-1' }),
	)
	expect(errorsOf(result)).toEqual({
		term: ['The term must be at most 50 characters'],
		'scores[0][0]': [cellError()],
		'': ['1 score needs correcting. Nothing was saved.'],
	})
})

test('a cell whose row or column names no student or subject is no score of anyone', () => {
	const onlyStrays = parseScoreGrid(
		form([
			['term', 'T1'],
			[gridInput.student(0), 's1'],
			[gridInput.subject(0), 'Maths'],
			[gridInput.student(1), ''],
			[gridInput.cell(1, 0), '50'],
			[gridInput.cell(0, 1), '60'],
			[gridInput.cell(3, 0), '70'],
		]),
	)
	expect(errorsOf(onlyStrays)).toEqual({ '': ['There are no scores to save'] })
	const withOne = parseScoreGrid(
		gridForm('T1', ['s1'], ['Maths'], {
			[gridInput.cell(0, 0)]: '40',
			[gridInput.cell(0, 1)]: '60',
		}),
	)
	expect(withOne.status === 'success' && withOne.value.changes).toEqual([
		{ studentId: 's1', subject: 'Maths', score: 40 },
	])
})

test('the old id-named cells are not read as cells', () => {
	// A page from before cells were named by position: its inputs are not the grid's, nothing is saved.
	const result = parseScoreGrid(
		form([
			['term', 'T1'],
			['scores[3f0c2a9e-0000-4000-8000-000000000001][Maths]', '50'],
		]),
	)
	expect(errorsOf(result)).toEqual({ '': ['There are no scores to save'] })
})

test('an upstream problem with a batch entry goes on that entry’s cell', () => {
	const names = ['scores[0][0]', 'scores[2][1]']
	expect(cellOfBatchPath(names, 'scores.1.studentId')).toBe('scores[2][1]')
	expect(cellOfBatchPath(names, 'scores.0')).toBe('scores[0][0]')
	expect(cellOfBatchPath(names, 'scores.7.score')).toBeUndefined()
	expect(cellOfBatchPath(names, 'scores.10x')).toBeUndefined()
	expect(cellOfBatchPath(names, 'term')).toBeUndefined()
})

test('what was typed is read back from conform’s answer, however few rows and columns', () => {
	const typed = (students: string[], subjects: string[], cells: Record<string, string>) =>
		parseScoreGrid(gridForm('', students, subjects, cells)).reply().initialValue
	expect(typedCell(typed(['s1'], ['Maths'], { 'scores[0][0]': '101' }), 0, 0)).toBe('101')
	// One column, several rows.
	const column = typed(['s1', 's2'], ['Maths'], { 'scores[0][0]': '1', 'scores[1][0]': '2' })
	expect([typedCell(column, 0, 0), typedCell(column, 1, 0)]).toEqual(['1', '2'])
	// One row, several columns, an emptied cell among them.
	const row = typed(['s1'], ['Maths', 'Art', 'Music'], {
		'scores[0][0]': '1',
		'scores[0][1]': '',
		'scores[0][2]': '3',
	})
	expect([0, 1, 2].map((col) => typedCell(row, 0, col))).toEqual(['1', '', '3'])
	expect(typedCell(undefined, 0, 0)).toBe('')
	expect(typedCell(null, 0, 0)).toBe('')
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
