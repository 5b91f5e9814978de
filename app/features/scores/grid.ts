import { maxSubjects, subjectField, termField, type Score, type ScoreChange } from './schema'

/** The key of one cell of the score grid. */
export const cellKey = (studentId: string, subject: string) => `${studentId}\u0000${subject}`

/** The input name of one cell: scores[<studentId>][<subject>]. */
export const cellName = (studentId: string, subject: string) => `scores[${studentId}][${subject}]`

const CELL_NAME = /^scores\[([^[\]]+)\]\[([^[\]]+)\]$/
const SCORE = /^\d{1,3}(?:\.\d{1,2})?$/

export const cellError = 'Enter a score from 0 to 100, with at most two decimals, or leave it empty'

/** One cell's text: '' is no score (null), else a number from 0 to 100 with at most 2 decimals. */
export function parseCell(text: string): { ok: true; score: number | null } | { ok: false } {
	const value = text.trim()
	if (value === '') return { ok: true, score: null }
	if (!SCORE.test(value)) return { ok: false }
	const score = Number(value)
	return score <= 100 ? { ok: true, score } : { ok: false }
}

export type GridResult =
	| { ok: true; term: string; changes: ScoreChange[] }
	| {
			ok: false
			term: string
			/** What was typed, to show again. */
			values: Record<string, string>
			cellErrors: Record<string, string>
			formErrors: string[]
	  }

/**
 * Reads the score grid form: a `term` and one `scores[<studentId>][<subject>]` input per cell.
 * Every cell is checked; any problem and nothing is to be saved.
 */
export function parseScoreGrid(formData: FormData): GridResult {
	const termResult = termField.safeParse(formData.get('term') ?? '')
	const term = termResult.success ? termResult.data : String(formData.get('term') ?? '')
	const formErrors = termResult.success ? [] : termResult.error.issues.map((issue) => issue.message)
	const values: Record<string, string> = {}
	const cellErrors: Record<string, string> = {}
	const changes: ScoreChange[] = []
	for (const [name, raw] of formData) {
		const match = CELL_NAME.exec(name)
		if (!match || typeof raw !== 'string') continue
		const [, studentId = '', subject = ''] = match
		const key = cellKey(studentId, subject)
		values[key] = raw
		const cell = parseCell(raw)
		if (!cell.ok) cellErrors[key] = cellError
		else changes.push({ studentId, subject, score: cell.score })
	}
	if (Object.keys(values).length === 0) formErrors.push('There are no scores to save')
	if (formErrors.length > 0 || Object.keys(cellErrors).length > 0) {
		if (Object.keys(cellErrors).length > 0) {
			const count = Object.keys(cellErrors).length
			formErrors.push(
				`${count} ${count === 1 ? 'score needs' : 'scores need'} correcting. Nothing was saved.`,
			)
		}
		return { ok: false, term, values, cellErrors, formErrors }
	}
	return { ok: true, term, changes }
}

/** The subjects picker: "Maths, Science" into a clean list, or the problems with it. */
export function parseSubjects(text: string): { subjects: string[]; errors: string[] } {
	const subjects: string[] = []
	const errors: string[] = []
	for (const part of text.split(',')) {
		if (part.trim() === '') continue
		const parsed = subjectField.safeParse(part)
		if (!parsed.success) errors.push(`${part.trim()}: ${parsed.error.issues[0]?.message}`)
		else if (!subjects.some((subject) => subject.toLowerCase() === parsed.data.toLowerCase()))
			subjects.push(parsed.data)
	}
	if (subjects.length > maxSubjects) errors.push(`Choose at most ${maxSubjects} subjects at once`)
	return { subjects, errors }
}

/** The grid's starting values: the stored scores of the term as text. */
export function gridValues(scores: Score[]): Record<string, string> {
	return Object.fromEntries(
		scores.map((score) => [cellKey(score.studentId, score.subject), String(score.score)]),
	)
}
