import { parse } from 'csv-parse/sync'
import { expect, test } from 'vitest'
import { csvTime, fileSlug, neutraliseCell, toCsv } from '../src/platform/csv.ts'

test('cells a spreadsheet would run as a formula get an apostrophe in front', () => {
	for (const cell of [
		'=1+1',
		'+1',
		'-1',
		'@SUM(A1)',
		'\t=1',
		'\r=1',
		'＝1',
		'＋1',
		'－1',
		'＠A1',
	]) {
		expect(neutraliseCell(cell)).toBe(`'${cell}`)
	}
	for (const cell of ['Ada', '1+1', 'a=b', ' =1', "'quoted", ''])
		expect(neutraliseCell(cell)).toBe(cell)
})

test('numbers stay numbers, a negative one too; nothing is an empty cell', () => {
	expect(neutraliseCell(-5)).toBe(-5)
	expect(neutraliseCell(92.5)).toBe(92.5)
	expect(neutraliseCell(null)).toBe('')
	expect(neutraliseCell(undefined)).toBe('')
})

test('a document starts with the UTF-8 byte order mark, ends lines in CRLF and quotes per RFC 4180', () => {
	const text = toCsv(
		['Name', 'Note'],
		[
			['Иван Петров', 'said "hi", then left'],
			['李雷', 'two\nlines'],
			['=HYPERLINK("http://x")', -3],
		],
	)
	expect(text.startsWith('\uFEFFName,Note\r\n')).toBe(true)
	expect(text).toContain('"said ""hi"", then left"')
	expect(text).toContain(`"'=HYPERLINK(""http://x"")",-3\r\n`)
	const records = parse(text, { bom: true })
	expect(records).toEqual([
		['Name', 'Note'],
		['Иван Петров', 'said "hi", then left'],
		['李雷', 'two\nlines'],
		['\'=HYPERLINK("http://x")', '-3'],
	])
})

test('header cells are guarded too', () => {
	expect(toCsv(['-Term'], [])).toBe("\uFEFF'-Term\r\n")
})

test('file names keep letters, digits and dashes; times read as UTC minutes', () => {
	expect(fileSlug('Café: Week 1 / "Essay"')).toBe('cafe-week-1-essay')
	expect(fileSlug('Иван', 'course')).toBe('course')
	expect(csvTime(new Date('2026-11-25T14:05:59.123Z'))).toBe('2026-11-25 14:05 UTC')
	expect(csvTime(null)).toBe('')
})
