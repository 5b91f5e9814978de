import { Hono, type Context } from 'hono'
import { ownOrganization } from '../organizations/access.ts'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, validationError } from '../platform/errors.ts'
import { readJsonBody } from '../platform/json.ts'
import { pagination, readPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { readId, validate } from '../platform/validation.ts'
import { scoreAnalytics, toResultCard, toResultCards, toScore } from './present.ts'
import {
	bandCounts,
	countScores,
	joinedPerMonth,
	listScores,
	listTerms,
	organizationStudentIds,
	saveScores,
	scoredStudents,
	termTotals,
	usedSubjects,
} from './repository.ts'
import { scoreBatch, scoreQuery, termQuery } from './schemas.ts'

const requireTerm = (term: string | undefined) => {
	if (!term) throw validationError([{ path: 'term', msg: 'Term is required' }])
	return term
}

/** `page` and `limit` when the caller sent either, else undefined: the whole list, as before. */
const pagedIfAsked = (c: Context) => {
	const query = c.req.query()
	return 'page' in query || 'limit' in query ? readPage(c) : undefined
}

/** Scores, result cards and analytics, mounted under `/organizations`; see api/README.md. */
export function scoreRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })

	return new Hono<ApiEnv>()
		.get('/:id/scores', requireAccount(), async (c) => {
			const organization = await ownOrganization(db, c)
			const filters = validate(scoreQuery, c.req.query())
			// Paged only when asked (issue 28): the call without page or limit answers as always.
			const page = pagedIfAsked(c)
			const [rows, total, terms, { subjects, termSubjects }] = await Promise.all([
				listScores(db, organization.id, filters, page),
				page ? countScores(db, organization.id, filters) : undefined,
				listTerms(db, organization.id),
				usedSubjects(db, organization.id),
			])
			return c.json({
				scores: rows.map(toScore),
				terms,
				subjects,
				termSubjects,
				...(page && total !== undefined && { pagination: pagination(total, page) }),
			})
		})
		.put('/:id/scores', requireAccount(), async (c) => {
			const organization = await ownOrganization(db, c)
			const batch = await readJsonBody(c, scoreBatch)
			const ids = [...new Set(batch.scores.map((entry) => entry.studentId))]
			const members = await organizationStudentIds(db, organization.id, ids)
			const strangers = batch.scores.flatMap((entry, index) =>
				members.has(entry.studentId)
					? []
					: [{ path: `scores.${index}.studentId`, msg: 'Not a student of this organization' }],
			)
			if (strangers.length > 0) throw validationError(strangers)
			const result = await saveScores(db, organization.id, batch.term, batch.scores)
			return c.json({ message: 'Scores saved successfully', term: batch.term, ...result })
		})
		.get('/:id/result-cards', requireAccount(), async (c) => {
			const organization = await ownOrganization(db, c)
			const page = pagedIfAsked(c)
			const terms = await listTerms(db, organization.id)
			// Without a term, the latest one.
			const term = validate(termQuery, c.req.query()).term ?? terms.at(-1)
			if (!term) {
				return c.json({
					term: null,
					terms,
					resultCards: [],
					...(page && { pagination: pagination(0, page) }),
				})
			}
			if (!page) {
				const rows = await listScores(db, organization.id, { term })
				return c.json({ term, terms, resultCards: toResultCards(term, rows) })
			}
			// One page of students, then only their scores.
			const { ids, total } = await scoredStudents(db, organization.id, term, page)
			const rows = await listScores(db, organization.id, { term, studentIds: ids })
			return c.json({
				term,
				terms,
				resultCards: toResultCards(term, rows),
				pagination: pagination(total, page),
			})
		})
		.get('/:id/result-cards/:studentId', requireAccount(), async (c) => {
			const organizationId = readId('id', c.req.param('id'))
			const studentId = readId('studentId', c.req.param('studentId'))
			const account = c.get('account')
			// The organization sees every card; a student sees their own.
			const isStudentSelf = account.role === 'student' && account.id === studentId
			if (!(isStudentSelf && account.orgId === organizationId)) await ownOrganization(db, c)
			const term = requireTerm(validate(termQuery, c.req.query()).term)
			const members = await organizationStudentIds(db, organizationId, [studentId])
			if (!members.has(studentId)) throw new ApiError(404, 'Student not found')
			const rows = await listScores(db, organizationId, { term, studentId })
			if (rows.length === 0) throw new ApiError(404, 'Result card not found')
			return c.json({ resultCard: toResultCard(term, rows) })
		})
		.get('/:id/analytics', requireAccount(), async (c) => {
			const organization = await ownOrganization(db, c)
			const { term } = validate(termQuery, c.req.query())
			const [terms, totals, bands, joined] = await Promise.all([
				listTerms(db, organization.id),
				termTotals(db, organization.id),
				bandCounts(db, organization.id, term),
				joinedPerMonth(db, organization.id),
			])
			return c.json({
				enrolment: joined,
				...scoreAnalytics(terms, totals, bands),
				terms,
				term: term ?? null,
			})
		})
}
