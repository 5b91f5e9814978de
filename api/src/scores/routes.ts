import { z } from '@hono/zod-openapi'
import {
	NOT_OWN_ORGANIZATION,
	ORGANIZATION_NOT_FOUND,
	ownOrganization,
} from '../organizations/access.ts'
import type { ApiDeps } from '../platform/context.ts'
import { MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, fileAnswer, jsonBody, uuidParams } from '../platform/openapi.ts'
import { pageIfAsked, pagination } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { streamTermFile } from './export.ts'
import { scoreAnalytics, toScore } from './present.ts'
import {
	bandCounts,
	countScores,
	joinedPerMonth,
	listScores,
	listTerms,
	termTotals,
	usedSubjects,
} from './repository.ts'
import {
	NOT_A_STUDENT,
	RESULT_CARD_NOT_FOUND,
	saveTermScores,
	STUDENT_NOT_FOUND,
	studentResultCard,
	termResultCards,
} from './results.ts'
import {
	analytics,
	resultCard,
	resultCardList,
	resultCardQuery,
	resultCardTermQuery,
	savedScores,
	scoreBatch,
	scoreList,
	scoreQuery,
	termQuery,
} from './schemas.ts'

/** Scores, result cards and analytics, mounted under `/organizations`. */
export function scoreRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })

	/** A CSV download of a term's list (issue 19). */
	const termExport = (list: 'scores' | 'result-cards', summary: string) =>
		({
			method: 'get',
			path: `/{id}/${list}/export`,
			operationId: list === 'scores' ? 'downloadScoresCsv' : 'downloadResultCardsCsv',
			summary,
			middleware: requireAccount(),
			request: { params: uuidParams('id'), query: termQuery },
			description:
				list === 'scores'
					? 'That organization only: the score grid of a term (the latest without `term`) as CSV, every student of the organization, streamed a thousand at a time: Student, Email, Term, then one column per subject (alphabetical). The CSV conventions are in api/README.md.'
					: "That organization only: the term's result cards (the latest term without `term`) as CSV: Student, Email, Term, the subjects, Average, Band.",
			responses: answers({ 200: fileAnswer('text/csv') }, NOT_OWN_ORGANIZATION),
		}) as const

	return (
		new ApiRoutes(config, 'scores')
			.endpoint(
				{
					method: 'get',
					path: '/{id}/scores',
					operationId: 'getScores',
					summary: "The organization's scores, its terms and the subjects used",
					middleware: requireAccount(),
					request: { params: uuidParams('id'), query: scoreQuery },
					description:
						"The organization itself: its scores (one per student, subject and term, 0 to 100 with at most two decimals), `terms` and `subjects` (all it has used, terms in the order first used), and `termSubjects` (the subjects of each term, alphabetical). `studentIds` (comma-separated, at most 100) keeps those students' scores (empty: none, the terms and subjects alone). With `page` or `limit` the scores come a page at a time, by student name then subject, with `pagination`; without either, every matching score.",
					responses: answers({ 200: scoreList }, NOT_OWN_ORGANIZATION),
				},
				async (c) => {
					const organization = await ownOrganization(db, c)
					const { page: pageNumber, limit, ...filters } = c.req.valid('query')
					// Paged only when asked (issue 28): the call without page or limit answers as always.
					const page = pageIfAsked({ page: pageNumber, limit })
					const [rows, total, terms, { subjects, termSubjects }] = await Promise.all([
						listScores(db, organization.id, filters, page),
						page ? countScores(db, organization.id, filters) : undefined,
						listTerms(db, organization.id),
						usedSubjects(db, organization.id),
					])
					return c.json(
						{
							scores: rows.map(toScore),
							terms,
							subjects,
							termSubjects,
							...(page && total !== undefined && { pagination: pagination(total, page) }),
						},
						200,
					)
				},
			)
			.endpoint(
				{
					method: 'put',
					path: '/{id}/scores',
					operationId: 'saveScores',
					summary: "Set or remove scores of the organization's students in one term",
					middleware: requireAccount(),
					request: { params: uuidParams('id'), body: jsonBody(scoreBatch) },
					description:
						'The organization itself sets scores of its students in one term (1 to 2000 entries); `score: null` removes one. All or nothing: any bad entry is a 400 with one `{ path: "scores.<index>.<field>", msg }` per problem and nothing is saved.',
					responses: answers(
						{ 200: savedScores },
						{
							400: [
								{ path: 'scores.<index>.studentId', msg: NOT_A_STUDENT },
								{ path: 'scores.<index>', msg: 'The same student and subject appear twice' },
							],
							403: MESSAGES.forbidden,
							404: ORGANIZATION_NOT_FOUND,
						},
					),
				},
				async (c) => {
					const organization = await ownOrganization(db, c)
					const batch = c.req.valid('json')
					const result = await saveTermScores(db, organization.id, batch)
					return c.json({ message: 'Scores saved successfully', term: batch.term, ...result }, 200)
				},
			)
			// The CSV downloads (issue 19) stream the whole term a batch of students at a time (issue
			// 28). Declared before `/{id}/result-cards/{studentId}`, which would take `export`.
			.endpoint(
				termExport('scores', 'The score grid of a term (the latest without one) as CSV'),
				async (c) => streamTermFile(db, c, 'scores', c.req.valid('query').term),
			)
			.endpoint(
				termExport('result-cards', 'The result cards of a term (the latest without one) as CSV'),
				async (c) => streamTermFile(db, c, 'result-cards', c.req.valid('query').term),
			)
			.endpoint(
				{
					method: 'get',
					path: '/{id}/result-cards',
					operationId: 'getResultCards',
					summary: 'The result cards of a term (the latest without one)',
					middleware: requireAccount(),
					request: { params: uuidParams('id'), query: resultCardQuery },
					description:
						"The organization itself: one result card per student with scores in the term, by name (`average`: the mean of the term's scores to two decimals; `bucket`: its band, `0-60` … `90-100`, a boundary in the upper band). Without `term`, the latest term; with no scores at all `{ term: null, terms: [], resultCards: [] }`. With `page` or `limit`, a page of students' cards with `pagination` (`total`: the students with scores that term).",
					responses: answers({ 200: resultCardList }, NOT_OWN_ORGANIZATION),
				},
				async (c) => {
					const organization = await ownOrganization(db, c)
					const query = c.req.valid('query')
					const cards = await termResultCards(db, organization.id, query.term, pageIfAsked(query))
					return c.json(cards, 200)
				},
			)
			.endpoint(
				{
					method: 'get',
					path: '/{id}/result-cards/{studentId}',
					operationId: 'getResultCard',
					summary: "A student's result card of a term (the organization's, or the student's own)",
					middleware: requireAccount(),
					request: { params: uuidParams('id', 'studentId'), query: resultCardTermQuery },
					description:
						"The organization, or that student: the student's result card of `term` (required).",
					responses: answers(
						{ 200: z.object({ resultCard }) },
						{
							403: MESSAGES.forbidden,
							404: [ORGANIZATION_NOT_FOUND, STUDENT_NOT_FOUND, RESULT_CARD_NOT_FOUND],
						},
					),
				},
				async (c) => {
					const { id: organizationId, studentId } = c.req.valid('param')
					const account = c.get('account')
					// The organization sees every card; a student sees their own.
					const isStudentSelf = account.role === 'student' && account.id === studentId
					if (!(isStudentSelf && account.orgId === organizationId)) await ownOrganization(db, c)
					const { term } = c.req.valid('query')
					const resultCard = await studentResultCard(db, organizationId, studentId, term)
					return c.json({ resultCard }, 200)
				},
			)
			.endpoint(
				{
					method: 'get',
					path: '/{id}/analytics',
					operationId: 'getAnalytics',
					summary: 'Members joined per month, average per term and the grade bands',
					middleware: requireAccount(),
					request: { params: uuidParams('id'), query: termQuery },
					description:
						'The organization itself: members who joined per month (UTC, by role), the average score per term (null for a term without scores) and how many scores fall in each band, in `term` or in all terms; each grouped in SQL.',
					responses: answers({ 200: analytics }, NOT_OWN_ORGANIZATION),
				},
				async (c) => {
					const organization = await ownOrganization(db, c)
					const { term } = c.req.valid('query')
					const [terms, totals, bands, joined] = await Promise.all([
						listTerms(db, organization.id),
						termTotals(db, organization.id),
						bandCounts(db, organization.id, term),
						joinedPerMonth(db, organization.id),
					])
					return c.json(
						{
							enrolment: joined,
							...scoreAnalytics(terms, totals, bands),
							terms,
							term: term ?? null,
						},
						200,
					)
				},
			)
	)
}
