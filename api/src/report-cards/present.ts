import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type { ReportCardsTable } from '../schema.ts'
import { letterGrade, type reportCard } from './schemas.ts'

export type ReportCardRow = Selectable<ReportCardsTable>

export const reportCardVerifyPath = (publicId: string) => `/verify/report-card/${publicId}`

/** The README's ReportCard. */
export function toReportCard(row: ReportCardRow): z.input<typeof reportCard> {
	return {
		id: row.id,
		publicId: row.public_id,
		courseId: row.course_id,
		studentId: row.student_id,
		score: row.score,
		grade: letterGrade(row.score),
		components: row.components.map((component) => ({
			...component,
			grade: letterGrade(component.score),
		})),
		comments: row.comments,
		author: { id: row.author_id, type: row.author_type, name: row.author_name },
		createdAt: row.created_at.toISOString(),
		updatedAt: row.updated_at.toISOString(),
		verifyPath: reportCardVerifyPath(row.public_id),
	}
}

/** A student as a report card names them. */
export const toStudent = (row: {
	id: string
	first_name: string
	last_name: string
	email: string
}) => ({
	id: row.id,
	name: `${row.first_name} ${row.last_name}`,
	email: row.email,
})

/** What the public check of a report card shows: the card, its student's name and its course. */
export function toVerifiedReportCard(
	row: ReportCardRow & { first_name: string; last_name: string; course_title: string },
) {
	const card = toReportCard(row)
	return {
		publicId: card.publicId,
		studentName: `${row.first_name} ${row.last_name}`,
		courseTitle: row.course_title,
		score: card.score,
		grade: card.grade,
		components: card.components,
		comments: card.comments,
		authorName: card.author.name,
		updatedAt: card.updatedAt,
	}
}
