import { plural, t } from '@lingui/core/macro'
import { z } from 'zod'
import { parseForm } from '~/platform/own-fields'
import { maxSubjects, subjectField, termField, type Score, type ScoreChange } from './schema'

/** The key of one cell of the score grid, for the stored scores the grid starts from. */
export const cellKey = (studentId: string, subject: string) => `${studentId}\u0000${subject}`

/**
 * The grid form's input names. A cell is named by its position, `scores[<row>][<col>]`, and the
 * row's student id and the column's subject travel in hidden inputs `students[<row>]` and
 * `subjects[<col>]`: conform's paths take only digits inside brackets, and a subject may hold dots.
 */
/* eslint-disable lingui/no-unlocalized-strings -- names of inputs */
export const gridInput = {
	cell: (row: number, col: number) => `scores[${row}][${col}]`,
	student: (row: number) => `students[${row}]`,
	subject: (col: number) => `subjects[${col}]`,
}
/* eslint-enable lingui/no-unlocalized-strings */

const SCORE = /^\d{1,3}(?:\.\d{1,2})?$/

/** A wrong cell's message, in the language of the page or request. */
export const cellError = () =>
	t`Enter a score from 0 to 100, with at most two decimals, or leave it empty`

/** One cell's text: '' is no score (null), else a number from 0 to 100 with at most 2 decimals. */
export function parseCell(text: string): { ok: true; score: number | null } | { ok: false } {
	const value = text.trim()
	if (value === '') return { ok: true, score: null }
	if (!SCORE.test(value)) return { ok: false }
	const score = Number(value)
	return score <= 100 ? { ok: true, score } : { ok: false }
}

/** A posted cell: its score, null to remove it; undefined when the form has no such cell. */
const scoreCell = z
	// A name sent twice is not one score either.
	.string({ error: cellError })
	.optional()
	.transform((text, ctx) => {
		if (text === undefined) return undefined
		const cell = parseCell(text)
		if (cell.ok) return cell.score
		ctx.addIssue({ code: 'custom', message: cellError() })
		return z.NEVER
	})

/** A row's student id or a column's subject. Anything but one text names no row or column. */
const heading = z.string().optional().catch(undefined)

type GridFields = {
	students: (string | undefined)[]
	subjects: (string | undefined)[]
	scores?: ((number | null | undefined)[] | undefined)[]
}

/** The cells that name a student and a subject, in form order, each with its input's name. */
function gridCells({ students, subjects, scores = [] }: GridFields) {
	return scores.flatMap((cells = [], row) =>
		cells.flatMap((score, col) => {
			const studentId = students[row]
			const subject = subjects[col]
			if (score === undefined || !studentId || !subject) return []
			return [{ name: gridInput.cell(row, col), change: { studentId, subject, score } }]
		}),
	)
}

const needCorrecting = (count: number) =>
	plural(count, {
		one: '# score needs correcting. Nothing was saved.',
		other: '# scores need correcting. Nothing was saved.',
	})

/**
 * The score grid form: a `term`, the rows' students, the columns' subjects and one cell per row
 * and column. Every cell is checked, each bad one gets its own message, and the form says how many
 * need correcting, even when the term is wrong as well; any problem and nothing is to be saved.
 * A cell whose row or column names no student or subject is not a score of anyone: left out.
 */
export const scoreGridSchema = z
	.object({
		term: termField,
		students: z.array(heading).catch([]),
		subjects: z.array(heading).catch([]),
		scores: z.array(z.array(scoreCell).optional()).optional(),
		page: z.string().optional().catch(undefined),
	})
	.superRefine(
		(grid, ctx) => {
			const wrong = new Set(
				ctx.issues
					.filter((issue) => issue.path?.[0] === 'scores')
					.map((issue) => issue.path?.join('.')),
			)
			if (wrong.size > 0) ctx.addIssue({ code: 'custom', message: needCorrecting(wrong.size) })
			else if (gridCells(grid).length === 0)
				ctx.addIssue({ code: 'custom', message: t`There are no scores to save` })
		},
		// Also after other problems (a missing term, wrong cells), so all of them show at once.
		{ when: () => true },
	)
	.transform((grid) => {
		const cells = gridCells(grid)
		return {
			term: grid.term,
			changes: cells.map((cell): ScoreChange => cell.change),
			/** The input of each change, in the same order. */
			cellNames: cells.map((cell) => cell.name),
			subjects: grid.subjects.filter((subject) => subject !== undefined),
			page: grid.page,
		}
	})

/** The grid form's fields, as posted. */
export type ScoreGridForm = z.input<typeof scoreGridSchema>

/**
 * Reads the score grid form. Without conform's coercion: it reads an empty input as a missing one,
 * and here an empty cell removes a score while a cell not sent leaves it alone.
 */
export const parseScoreGrid = (formData: FormData) =>
	parseForm(formData, { schema: scoreGridSchema, disableAutoCoercion: true })

/** The cell an upstream problem belongs to: the API names it by position in the batch (scores.3.score). */
export function cellOfBatchPath(cellNames: readonly string[], path: string) {
	const index = /^scores\.(\d+)(?:\.|$)/.exec(path)?.[1]
	return index === undefined ? undefined : cellNames[Number(index)]
}

/**
 * What was typed in a cell, from a refused save's form value (conform's `initialValue`, where an
 * empty input is left out): '' when nothing was.
 */
export function typedCell(formValue: unknown, row: number, col: number): string {
	const scores =
		formValue && typeof formValue === 'object' && 'scores' in formValue
			? formValue.scores
			: undefined
	const cells = Array.isArray(scores) ? (scores as unknown[])[row] : undefined
	const text = Array.isArray(cells) ? (cells as unknown[])[col] : undefined
	return typeof text === 'string' ? text : ''
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
	if (subjects.length > maxSubjects) errors.push(t`Choose at most ${maxSubjects} subjects at once`)
	return { subjects, errors }
}

/** The grid's starting values: the stored scores of the term as text. */
export function gridValues(scores: Score[]): Record<string, string> {
	return Object.fromEntries(
		scores.map((score) => [cellKey(score.studentId, score.subject), String(score.score)]),
	)
}
