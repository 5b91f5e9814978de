import type { Insertable, Updateable } from 'kysely'
import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import type { ReportCardsTable } from '../schema.ts'

export const findCard = (db: Db, courseId: string, studentId: string) =>
	db
		.selectFrom('report_cards')
		.selectAll()
		.where('course_id', '=', courseId)
		.where('student_id', '=', studentId)
		.executeTakeFirst()

/** The student's courses the caller may see, each with the id of its card (or null). */
export function findStudentCourses(db: Db, account: Account, studentId: string) {
	let query = db
		.selectFrom('enrollments')
		.innerJoin('courses', 'courses.id', 'enrollments.course_id')
		.leftJoin('report_cards', (join) =>
			join
				.onRef('report_cards.course_id', '=', 'courses.id')
				.onRef('report_cards.student_id', '=', 'enrollments.student_id'),
		)
		.select(['courses.id as course_id', 'courses.title as course_title'])
		.select('report_cards.id as card_id')
		.where('enrollments.student_id', '=', studentId)
	if (account.role === 'tutor') query = query.where('courses.tutor_id', '=', account.id)
	if (account.role === 'organization')
		query = query.where('courses.organization_id', '=', account.id)
	return query.orderBy('courses.title').execute()
}

export const findCards = (db: Db, ids: string[]) =>
	db.selectFrom('report_cards').selectAll().where('id', 'in', ids).execute()

/** A card by its public id, with its student's name and its course's title. */
export const findCardToVerify = (db: Db, publicId: string) =>
	db
		.selectFrom('report_cards')
		.innerJoin('users', 'users.id', 'report_cards.student_id')
		.innerJoin('courses', 'courses.id', 'report_cards.course_id')
		.selectAll('report_cards')
		.select(['users.first_name', 'users.last_name', 'courses.title as course_title'])
		.where('report_cards.public_id', '=', publicId)
		.executeTakeFirst()

export async function updateCard(db: Db, id: string, values: Updateable<ReportCardsTable>) {
	await db
		.updateTable('report_cards')
		.set({ ...values, updated_at: new Date() })
		.where('id', '=', id)
		.execute()
}

/** A new card; a card written for the same student and course meanwhile is rewritten. */
export async function insertCard(db: Db, card: Insertable<ReportCardsTable>) {
	const { public_id: _, course_id: _course, student_id: _student, ...values } = card
	await db
		.insertInto('report_cards')
		.values(card)
		.onConflict((oc) =>
			oc.columns(['course_id', 'student_id']).doUpdateSet({ ...values, updated_at: new Date() }),
		)
		.execute()
}
