import { courseRunBy, COURSE_NOT_FOUND, staffName } from '../courses/access.ts'
import { findCourseStaff, findStudent, isEnrolled } from '../courses/repository.ts'
import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import type { Refusals } from '../platform/openapi.ts'
import { newPublicId } from '../platform/public-id.ts'
import { toReportCard } from './present.ts'
import { findCard, findCards, findStudentCourses, insertCard, updateCard } from './repository.ts'
import { letterGrade, type reportCardInput } from './schemas.ts'
import type { z } from 'zod'

// Who may read a student's report cards, and writing one (moved from report-cards/routes.ts,
// decision 060).

export const STUDENT_NOT_FOUND = 'Student not found'
export const NOT_ENROLLED = 'The student is not enrolled in this course'
export const CARD_NOT_FOUND = 'Report card not found'

/** A call on a student's card in one course: its refusals (decision 059). */
export const COURSE_CARD_REFUSALS = {
	403: MESSAGES.forbidden,
	404: [STUDENT_NOT_FOUND, COURSE_NOT_FOUND, NOT_ENROLLED],
} as const satisfies Refusals

type StudentRow = NonNullable<Awaited<ReturnType<typeof findStudent>>>

/** The student, when the caller is that student or staff who may see them. */
export async function studentFor(db: Db, account: Account, studentId: string) {
	if (account.role === 'student' && account.id !== studentId) {
		throw new ApiError(403, MESSAGES.forbidden)
	}
	const student = await findStudent(db, studentId)
	if (!student) throw new ApiError(404, STUDENT_NOT_FOUND)
	return student
}

/** A course of the student that the caller may see: 404 unknown, 403 not theirs or not enrolled. */
export async function courseFor(db: Db, account: Account, student: StudentRow, courseId: string) {
	const course =
		account.role === 'student'
			? await findCourseStaff(db, courseId)
			: await courseRunBy(db, account, courseId)
	if (!course) throw new ApiError(404, COURSE_NOT_FOUND)
	if (!(await isEnrolled(db, course.id, student.id))) throw new ApiError(404, NOT_ENROLLED)
	return course
}

/**
 * The student's courses the caller may see report cards of, each with its card or null, and the
 * average score and grade of the written cards (null when none). Staff who run none of them: 403.
 */
export async function studentCards(db: Db, account: Account, student: StudentRow) {
	const rows = await findStudentCourses(db, account, student.id)
	const cardIds = rows.flatMap((row) => (row.card_id ? [row.card_id] : []))
	const cards = cardIds.length ? await findCards(db, cardIds) : []
	const byId = new Map(cards.map((card) => [card.id, card]))
	const courses = rows.map((row) => {
		const card = row.card_id ? byId.get(row.card_id) : undefined
		return {
			course: { id: row.course_id, title: row.course_title },
			reportCard: card ? toReportCard(card) : null,
		}
	})
	if (account.role !== 'student' && courses.length === 0) {
		throw new ApiError(403, MESSAGES.forbidden)
	}
	const scores = courses.flatMap((entry) => (entry.reportCard ? [entry.reportCard.score] : []))
	const averageScore = scores.length
		? Math.round(scores.reduce((sum, value) => sum + value, 0) / scores.length)
		: null
	return {
		courses,
		averageScore,
		averageGrade: averageScore === null ? null : letterGrade(averageScore),
	}
}

/** Writes the student's card in the course, or rewrites it (`created` says which), as its author. */
export async function saveCard(
	db: Db,
	account: Account,
	student: StudentRow,
	course: { id: string },
	input: z.output<typeof reportCardInput>,
) {
	const author = await staffName(db, account)
	const existing = await findCard(db, course.id, student.id)
	const values = {
		author_id: account.id,
		author_type: author.type,
		author_name: author.name,
		score: input.score,
		components: JSON.stringify(input.components),
		comments: input.comments ?? null,
	}
	if (existing) await updateCard(db, existing.id, values)
	else {
		await insertCard(db, {
			...values,
			public_id: newPublicId(),
			course_id: course.id,
			student_id: student.id,
		})
	}
	const card = await findCard(db, course.id, student.id)
	if (!card) throw new ApiError(404, CARD_NOT_FOUND)
	return { card, created: !existing }
}
