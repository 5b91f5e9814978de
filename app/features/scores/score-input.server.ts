import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { exportStreamLimit } from '~/features/scores/exports.server'
import { getOrganizationMembers } from '~/features/organizations/api.server'
import { readForm, replyWithUpstreamError } from '~/platform/form.server'
import { pageParam } from '~/platform/page-param'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { getScores, saveScores } from './api.server'
import { cellOfBatchPath, gridValues, parseScoreGrid, parseSubjects } from './grid'
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
	// First the terms and each term's subjects (no score: an empty list of students) beside the page
	// of students; then only that page's scores in the chosen term (issue 28: never every score).
	const [index, students, streamLimit] = await Promise.all([
		settle(getScores(api, organizationId, { studentIds: [] })),
		settle(
			getOrganizationMembers(api, organizationId, 'students', { page, limit: STUDENTS_PER_PAGE }),
		),
		exportStreamLimit(api, organizationId),
	])
	if (!index.ok) return { state: 'failed' as const, error: index.error }

	const { terms, subjects: knownSubjects, termSubjects = {} } = index.value
	const pickerErrors: { term?: string[]; subjects?: string[] } = {}
	let term = ''
	if (requestedTerm !== null) {
		const parsed = termField.safeParse(requestedTerm)
		if (parsed.success) term = parsed.data
		else pickerErrors.term = parsed.error.issues.map((issue) => issue.message)
	} else {
		term = terms.at(-1) ?? ''
	}
	const pageIds = students.ok ? (students.value.students ?? []).map((student) => student.id) : []
	const termScores =
		term && pageIds.length
			? await settle(getScores(api, organizationId, { term, studentIds: pageIds }))
			: { ok: true as const, value: { scores: [] } }
	if (!termScores.ok) return { state: 'failed' as const, error: termScores.error }
	const requestedSubjects = params.get('subjects')
	let subjects: string[]
	if (requestedSubjects !== null) {
		const parsed = parseSubjects(requestedSubjects)
		subjects = parsed.subjects
		if (parsed.errors.length) pickerErrors.subjects = parsed.errors
		else if (!subjects.length) pickerErrors.subjects = [t`Enter at least one subject`]
	} else {
		const used = [...(termSubjects[term] ?? [])].sort()
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
		streamLimit,
		values: gridValues(termScores.value.scores),
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

/**
 * Saves the grid's cells, or answers why not: each bad cell's message on its cell, what was typed
 * kept (conform's reply), and the upstream's refusals put on the cells they are about.
 */
export async function saveScoreGrid(context: Context, request: Request, organizationId: string) {
	const submission = parseScoreGrid(await readForm(request))
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	const { term, changes, cellNames, subjects, page } = submission.value
	try {
		await saveScores(upstream(context, request), organizationId, term, changes)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, [], (path) =>
			cellOfBatchPath(cellNames, path),
		)
	}
	sendToast(context, successToast(t`Scores saved successfully`))
	// Back to the same grid, from the form's own fields (request.url may be the `.data` address).
	const back = new URLSearchParams({ term, subjects: subjects.join(', ') })
	const pageNumber = pageParam(new URLSearchParams({ page: page ?? '' }))
	if (pageNumber > 1) back.set('page', String(pageNumber))
	return redirect(`/organization/score-input?${back.toString()}`)
}
