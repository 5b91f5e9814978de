import type { Db } from '../db.ts'
import { ApiError, validationError } from '../platform/errors.ts'
import { pagination, type Page } from '../platform/pagination.ts'
import { toResultCard, toResultCards } from './present.ts'
import {
	listScores,
	listTerms,
	organizationStudentIds,
	saveScores,
	scoredStudents,
	type ScoreChange,
} from './repository.ts'

// Saving a term's scores and reading its result cards (moved from scores/routes.ts, decision 060).

export const NOT_A_STUDENT = 'Not a student of this organization'
export const STUDENT_NOT_FOUND = 'Student not found'
export const RESULT_CARD_NOT_FOUND = 'Result card not found'

/** Sets or removes scores of the organization's own students in one term, all or nothing. */
export async function saveTermScores(
	db: Db,
	organizationId: string,
	batch: { term: string; scores: ScoreChange[] },
) {
	const ids = [...new Set(batch.scores.map((entry) => entry.studentId))]
	const members = await organizationStudentIds(db, organizationId, ids)
	const strangers = batch.scores.flatMap((entry, index) =>
		members.has(entry.studentId) ? [] : [{ path: `scores.${index}.studentId`, msg: NOT_A_STUDENT }],
	)
	if (strangers.length > 0) throw validationError(strangers)
	return saveScores(db, organizationId, batch.term, batch.scores)
}

/**
 * The result cards of a term (the latest without one), with the organization's terms; with a page,
 * a page of students' cards. No scores at all: no term and no cards.
 */
export async function termResultCards(
	db: Db,
	organizationId: string,
	asked: string | undefined,
	page: Page | undefined,
) {
	const terms = await listTerms(db, organizationId)
	// Without a term, the latest one.
	const term = asked ?? terms.at(-1)
	if (!term) {
		return {
			term: null,
			terms,
			resultCards: [],
			...(page && { pagination: pagination(0, page) }),
		}
	}
	if (!page) {
		const rows = await listScores(db, organizationId, { term })
		return { term, terms, resultCards: toResultCards(term, rows) }
	}
	// One page of students, then only their scores.
	const { ids, total } = await scoredStudents(db, organizationId, term, page)
	const rows = await listScores(db, organizationId, { term, studentIds: ids })
	return {
		term,
		terms,
		resultCards: toResultCards(term, rows),
		pagination: pagination(total, page),
	}
}

/** A student's result card of a term: 404 when they are no student of the organization or have none. */
export async function studentResultCard(
	db: Db,
	organizationId: string,
	studentId: string,
	term: string,
) {
	const members = await organizationStudentIds(db, organizationId, [studentId])
	if (!members.has(studentId)) throw new ApiError(404, STUDENT_NOT_FOUND)
	const rows = await listScores(db, organizationId, { term, studentId })
	if (rows.length === 0) throw new ApiError(404, RESULT_CARD_NOT_FOUND)
	return toResultCard(term, rows)
}
