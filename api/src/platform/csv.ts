import { stringify } from 'csv-stringify/sync'
import type { Context } from 'hono'

/** A cell: text is written as it is (guarded), numbers as numbers, nothing as an empty cell. */
export type CsvCell = string | number | null | undefined

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and carriage return,
 * let one slip past the check): `=`, `+`, `-`, `@`, their full-width forms, tab and CR (OWASP's
 * CSV injection list).
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/

/**
 * Neutralises a cell that a spreadsheet would run as a formula by putting an apostrophe in front,
 * which spreadsheets show as text and do not display. Numbers are our own values and stay numbers
 * (a negative number is not a formula).
 */
export function neutraliseCell(cell: CsvCell): string | number {
	if (cell === null || cell === undefined) return ''
	if (typeof cell === 'number') return cell
	return FORMULA_START.test(cell) ? `'${cell}` : cell
}

const csvRecords = (rows: CsvCell[][]) =>
	stringify(
		rows.map((row) => row.map(neutraliseCell)),
		{ record_delimiter: 'windows' },
	)

/**
 * A CSV document as spreadsheets open it right: UTF-8 with a byte order mark, CRLF line ends and
 * RFC 4180 quoting (csv-stringify), every text cell neutralised against formula injection.
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
	return `\uFEFF${csvRecords([header, ...rows])}`
}

/** A name for a file: letters, digits and dashes only, never empty. */
export function fileSlug(text: string, fallback = 'export') {
	const slug = text
		.normalize('NFKD')
		.replace(/[^\w\s-]/g, '')
		.trim()
		.replace(/[\s_-]+/g, '-')
		.toLowerCase()
		.slice(0, 60)
		.replace(/^-+|-+$/g, '')
	return slug || fallback
}

const csvHeaders = (fileName: string) => ({
	'Content-Type': 'text/csv; charset=utf-8',
	'Content-Disposition': `attachment; filename="${fileName}"`,
	'Cache-Control': 'private, no-store',
})

/** The answer of a CSV download: private to the caller, saved under `fileName`. */
export function csvAnswer(c: Context, fileName: string, header: string[], rows: CsvCell[][]) {
	return c.body(toCsv(header, rows), 200, csvHeaders(fileName))
}

/**
 * A CSV document's bytes made as its rows are read, a batch at a time: the same bytes as `toCsv`
 * with the same rows, but memory holds one batch, however long the list (issue 28). The next batch
 * is read only when the reader has taken the last; a reader that goes away stops the reading. A
 * download streams it (below); a background export writes it to storage (decision 046).
 */
export function csvBody(header: string[], batches: AsyncIterable<CsvCell[][]>) {
	const encoder = new TextEncoder()
	const iterator = batches[Symbol.asyncIterator]()
	let started = false
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (!started) {
				started = true
				controller.enqueue(encoder.encode(`\uFEFF${csvRecords([header])}`))
				return
			}
			const { value, done } = await iterator.next()
			if (done) controller.close()
			else if (value.length > 0) controller.enqueue(encoder.encode(csvRecords(value)))
		},
		async cancel() {
			await iterator.return?.()
		},
	})
}

/** A CSV download written as its rows are read (`csvBody`). */
export function csvStream(
	c: Context,
	fileName: string,
	header: string[],
	batches: AsyncIterable<CsvCell[][]>,
) {
	return c.body(csvBody(header, batches), 200, csvHeaders(fileName))
}

/** A CSV file already made (a background export's, decision 046), streamed from storage. */
export function csvFileAnswer(
	c: Context,
	fileName: string,
	body: ReadableStream<Uint8Array>,
	size: number | undefined,
) {
	return c.body(body, 200, {
		...csvHeaders(fileName),
		...(size !== undefined && { 'Content-Length': String(size) }),
	})
}

/** An instant as spreadsheets read it without help: `2026-11-25 14:05 UTC`. */
export const csvTime = (instant: Date | null) =>
	instant ? `${instant.toISOString().slice(0, 16).replace('T', ' ')} UTC` : ''
