import { parse } from 'csv-parse/sync'
import { atMost, EMAIL_PATTERN, labelled } from '../platform/validation.ts'
import { msg, phrase, type Phrase } from '../platform/i18n.ts'

/** The template's columns, in its order; the export writes the same ones. */
export const ROSTER_COLUMNS = [
	'role',
	'first name',
	'last name',
	'email',
	'department',
	'student number',
] as const

export const ROSTER_ROW_LIMIT = 10_000
/** 10,000 rows of long names and addresses fit with room to spare. */
export const ROSTER_FILE_LIMIT = 2 * 1024 * 1024

export const ROSTER_ROLES = { student: 'student', teacher: 'tutor' } as const
export type RosterRole = keyof typeof ROSTER_ROLES

/**
 * Whether a cell names one of the roles. Only the object's own keys: `constructor`, `__proto__` or
 * `toString` are on every object's prototype, and `in` once read them as roles (issue 38).
 */
export const isRosterRole = (role: string): role is RosterRole => Object.hasOwn(ROSTER_ROLES, role)

/** One line of the file as read: its cells trimmed, and the first thing wrong with it. */
export type RosterLine = {
	line: number
	role: string
	firstName: string
	lastName: string
	email: string
	department: string
	studentNumber: string
	error?: string
	/**
	 * The error's message and values when it names something of the row (`Unknown department
	 * "{department}"`): stored with the row, said in the reader's language when the rows are
	 * answered (decision 067); `error` keeps its English.
	 */
	said?: RowSaying
}

/** A row error's ICU message and its values. */
export type RowSaying = { message: string; values: Record<string, string | number> }

/** A problem with the whole file: nothing of it is kept. */
export class RosterFileError extends Error {
	/** The text built from values, said in the request's language (decision 064). */
	readonly said: string | Phrase
	constructor(said: string | Phrase) {
		super(String(said))
		this.said = said
	}
}

const MISSING_COLUMNS = `The first line must name the template's columns: ${ROSTER_COLUMNS.join(', ')} (student number may be left out)`

const TEXT_LIMIT = 200

/**
 * Control characters: PostgreSQL cannot store NUL in text (nor `\u0000` in jsonb), and none of the
 * others belongs in a name, an address or a number.
 */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
// eslint-disable-next-line no-control-regex -- as above
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g
/** What the preview shows of a cell with control characters: each one as a replacement mark. */
const shown = (value: string) => value.replace(CONTROLS, '\uFFFD')

/**
 * Reads an uploaded roster: UTF-8 with or without a byte order mark, comma or semicolon (whichever
 * the header line uses), a header naming the template's columns in any order and letter case,
 * blank lines skipped. Each row gets its own error (a bad role or email, a missing name); what
 * depends on the database (departments, accounts) and on other rows (duplicates) comes later.
 */
export function readRoster(bytes: Uint8Array): RosterLine[] {
	let text: string
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
	} catch {
		throw new RosterFileError(
			'The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again',
		)
	}
	text = text.replace(/^\uFEFF/, '')
	const firstLine = text.slice(0, text.search(/\r?\n|$/))
	const delimiter = count(firstLine, ';') > count(firstLine, ',') ? ';' : ','
	let records: string[][]
	try {
		records = parse(text, {
			delimiter,
			relax_column_count: true,
			skip_empty_lines: true,
			trim: true,
		}) as string[][]
	} catch (error) {
		throw new RosterFileError(`The file is not a readable CSV: ${(error as Error).message}`)
	}
	const [header, ...rows] = records.filter((record) => record.some((cell) => cell !== ''))
	if (!header) throw new RosterFileError('The file is empty: fill in the template and upload it')
	const names = header.map((cell) =>
		cell
			.toLowerCase()
			.replace(/[\s_]+/g, ' ')
			.trim(),
	)
	const at = Object.fromEntries(ROSTER_COLUMNS.map((column) => [column, names.indexOf(column)]))
	if (ROSTER_COLUMNS.some((column) => column !== 'student number' && at[column] === -1)) {
		throw new RosterFileError(MISSING_COLUMNS)
	}
	if (rows.length === 0) throw new RosterFileError('The file has no rows under its header')
	if (rows.length > ROSTER_ROW_LIMIT) {
		throw new RosterFileError(
			phrase('The file has {rows, number} rows: at most {limit, number} can be imported at once', {
				rows: rows.length,
				limit: ROSTER_ROW_LIMIT,
			}),
		)
	}
	return rows.map((record, index) => {
		const cell = (column: (typeof ROSTER_COLUMNS)[number]) => {
			const position = at[column] ?? -1
			return position === -1 ? '' : (record[position] ?? '')
		}
		const row: RosterLine = {
			// The row's number as a spreadsheet shows it (the header is row 1, blank lines left out).
			line: index + 2,
			role: cell('role').toLowerCase(),
			firstName: cell('first name'),
			lastName: cell('last name'),
			email: cell('email').toLowerCase(),
			department: cell('department'),
			studentNumber: cell('student number'),
		}
		const withControl = CELLS.find(([, key]) => CONTROL.test(row[key]))
		if (withControl) {
			// Kept with each control character shown as a mark, so the row is stored and previewed.
			for (const [, key] of CELLS) row[key] = shown(row[key])
			return {
				...row,
				error: labelled('{label} contains a character that is not allowed', withControl[0]),
			}
		}
		const error = rowError(row)
		return error ? { ...row, error } : row
	})
}

// The columns' names as the row errors say them (translated inside the sentence).
const CELLS = [
	[msg('Role'), 'role'],
	[msg('First name'), 'firstName'],
	[msg('Last name'), 'lastName'],
	[msg('Email'), 'email'],
	[msg('Department'), 'department'],
	[msg('Student number'), 'studentNumber'],
] as const

function rowError(row: RosterLine): string | undefined {
	if (!isRosterRole(row.role)) return msg('Role must be student or teacher')
	if (!row.firstName) return msg('Enter a first name')
	if (!row.lastName) return msg('Enter a last name')
	if (!row.email) return msg('Enter an email address')
	if (row.email.length > 254 || !EMAIL_PATTERN.test(row.email))
		return msg('Enter a valid email address')
	if (!row.department) return msg('Enter a department')
	for (const [label, value] of [
		['First name', row.firstName],
		['Last name', row.lastName],
		['Department', row.department],
		['Student number', row.studentNumber],
	] as const) {
		if (value.length > TEXT_LIMIT) return atMost(label, TEXT_LIMIT)
	}
	return undefined
}

const count = (text: string, char: string) => text.split(char).length - 1
