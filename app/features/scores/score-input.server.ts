import { data, redirect, type RouterContextProvider } from 'react-router'
import { getOrganizationMembers } from '~/features/organizations/api.server'
import { readForm, replyStatus } from '~/platform/form.server'
import { pageParam } from '~/platform/page-param'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { formatFieldErrors, UpstreamError } from '~/platform/upstream-errors'
import { getScores, saveScores } from './api.server'
import { cellKey, gridValues, parseScoreGrid, parseSubjects } from './grid'
import { termField } from './schema'

type Context = Readonly<RouterContextProvider>

export const STUDENTS_PER_PAGE = 20

/**
 * The score grid: the chosen term (else the latest) and subjects (else those used in the term),
 * the scores already saved, and a page of the organization's students as its rows.
 */
export async function loadScoreGrid(context: Context, request: Request, organizationId: string) {
	const api = upstream(context, request)
	const params = new URL(request.url).searchParams
	const page = pageParam(params)
	const requestedTerm = params.get('term')
	// Both calls start at once; without a chosen term, all scores come so the latest term can be picked.
	const [scores, students] = await Promise.all([
		settle(
			getScores(api, organizationId, requestedTerm?.trim() ? { term: requestedTerm.trim() } : {}),
		),
		settle(
			getOrganizationMembers(api, organizationId, 'students', { page, limit: STUDENTS_PER_PAGE }),
		),
	])
	if (!scores.ok) return { state: 'failed' as const, error: scores.error }

	const { terms, subjects: knownSubjects } = scores.value
	const pickerErrors: { term?: string[]; subjects?: string[] } = {}
	let term = ''
	if (requestedTerm !== null) {
		const parsed = termField.safeParse(requestedTerm)
		if (parsed.success) term = parsed.data
		else pickerErrors.term = parsed.error.issues.map((issue) => issue.message)
	} else {
		term = terms.at(-1) ?? ''
	}
	const termScores = scores.value.scores.filter((score) => score.term === term)
	const requestedSubjects = params.get('subjects')
	let subjects: string[]
	if (requestedSubjects !== null) {
		const parsed = parseSubjects(requestedSubjects)
		subjects = parsed.subjects
		if (parsed.errors.length) pickerErrors.subjects = parsed.errors
		else if (!subjects.length) pickerErrors.subjects = ['Enter at least one subject']
	} else {
		const used = [...new Set(termScores.map((score) => score.subject))].sort()
		subjects = used.length ? used : knownSubjects
	}
	return {
		state: 'loaded' as const,
		term,
		requestedTerm: requestedTerm ?? term,
		subjects,
		requestedSubjects: requestedSubjects ?? subjects.join(', '),
		terms,
		pickerErrors,
		values: gridValues(termScores),
		students: students.ok
			? {
					ok: true as const,
					value: {
						list: students.value.students ?? [],
						total: students.value.total,
						page,
						totalPages: Math.ceil(students.value.total / STUDENTS_PER_PAGE),
					},
				}
			: students,
	}
}

/** Saves the grid's changed cells; refused cells keep what was typed, with their messages. */
export async function saveScoreGrid(context: Context, request: Request, organizationId: string) {
	const api = upstream(context, request)
	const formData = await readForm(request)
	const grid = parseScoreGrid(formData)
	if (!grid.ok) {
		return data(
			{ values: grid.values, cellErrors: grid.cellErrors, formErrors: grid.formErrors },
			{ status: 400 },
		)
	}
	try {
		await saveScores(api, organizationId, grid.term, grid.changes)
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		sendToast(context, error.toast)
		// The API names problems by position in the batch (scores.3.score): put them on their cells.
		const cellErrors: Record<string, string> = {}
		for (const { path, msg } of error.fieldErrors) {
			const index = /^scores\.(\d+)/.exec(path)?.[1]
			const change = index === undefined ? undefined : grid.changes[Number(index)]
			if (change) cellErrors[cellKey(change.studentId, change.subject)] = msg
		}
		const values = Object.fromEntries(
			grid.changes.map((change) => [
				cellKey(change.studentId, change.subject),
				change.score === null ? '' : String(change.score),
			]),
		)
		const formErrors = error.fieldErrors.length
			? formatFieldErrors(error.fieldErrors)
			: [error.text]
		return data({ values, cellErrors, formErrors }, { status: replyStatus(error.status) })
	}
	sendToast(context, successToast('Scores saved successfully'))
	// Back to the same grid, from the form's own fields (request.url may be the `.data` address).
	const back = new URLSearchParams({
		term: grid.term,
		subjects: String(formData.get('subjects') ?? ''),
	})
	const page = pageParam(new URLSearchParams({ page: String(formData.get('page') ?? '') }))
	if (page > 1) back.set('page', String(page))
	return redirect(`/organization/score-input?${back.toString()}`)
}
