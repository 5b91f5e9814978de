import { sql, type ExpressionBuilder, type Insertable } from 'kysely'
import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { rowsAndTotal, type Page } from '../platform/pagination.ts'
import type { AnnouncementsTable, Database } from '../schema.ts'

type Eb = ExpressionBuilder<Database, 'announcements'>

// The course's title is looked up for the rows answered only (a page of 20), by its key; a join
// made PostgreSQL hash every course of the school for each page (decision 074).
const withCourse = (db: Db) =>
	db
		.selectFrom('announcements')
		.selectAll('announcements')
		.select((eb) =>
			eb
				.selectFrom('courses')
				.select('courses.title')
				.whereRef('courses.id', '=', 'announcements.course_id')
				.as('course_title'),
		)

/** A page of announcements with their course's title, newest first. */
const newestOnPage = (db: Db, page: Page) =>
	withCourse(db)
		.orderBy('announcements.created_at', 'desc')
		.orderBy('announcements.id')
		.limit(page.limit)
		.offset(page.offset)

/**
 * What a student may read: announcements of their courses and of their organization. The courses
 * are an array (`= any(array(…))`), not `in (select …)`: beside the organization's `or`, a
 * subquery made PostgreSQL read every announcement of the school and filter them, where an array
 * lets it take both indexes (decision 074).
 */
const visibleToStudent = (student: Account) => (eb: Eb) =>
	eb.or([
		eb(
			'announcements.course_id',
			'=',
			eb.fn<string>('any', [
				sql`array(${eb.selectFrom('enrollments').select('course_id').where('student_id', '=', student.id)})`,
			]),
		),
		...(student.orgId ? [eb('announcements.organization_id', '=', student.orgId)] : []),
	])

const writtenBy = (author: Account) => (eb: Eb) =>
	eb.and([
		eb('announcements.author_id', '=', author.id),
		eb('announcements.author_type', '=', author.role === 'organization' ? 'organization' : 'tutor'),
	])

const hasRead = (studentId: string) => (eb: Eb) =>
	eb.exists(
		eb
			.selectFrom('announcement_reads')
			.select('announcement_reads.announcement_id')
			.whereRef('announcement_reads.announcement_id', '=', 'announcements.id')
			.where('announcement_reads.student_id', '=', studentId),
	)

const readBy = (studentId: string) => (eb: Eb) => hasRead(studentId)(eb).as('read')

const readCount = (eb: Eb) =>
	eb
		.selectFrom('announcement_reads')
		.select((inner) => inner.fn.countAll<string>().as('n'))
		.whereRef('announcement_reads.announcement_id', '=', 'announcements.id')
		.as('read_count')

/** The two statements of a student's list: a page of what they may read, and its counts. */
export function studentListQueries(db: Db, student: Account, page: Page, unreadOnly = false) {
	const visible = visibleToStudent(student)
	const listed = unreadOnly
		? (eb: Eb) => eb.and([visible(eb), eb.not(hasRead(student.id)(eb))])
		: visible
	return {
		rows: newestOnPage(db, page).select(readBy(student.id)).where(listed),
		counts: db
			.selectFrom('announcements')
			.where(visible)
			.select((eb) => [
				eb.fn.countAll<string>().as('total'),
				sql<string>`count(*) filter (where not ${hasRead(student.id)(eb)})`.as('unread'),
			]),
	}
}

/** What a student may read, newest first; `unreadOnly`: only those they have not read. */
export async function listForStudent(db: Db, student: Account, page: Page, unreadOnly = false) {
	const queries = studentListQueries(db, student, page, unreadOnly)
	const [rows, counts] = await Promise.all([
		queries.rows.execute(),
		queries.counts.executeTakeFirstOrThrow(),
	])
	const unread = Number(counts.unread)
	return { rows, total: unreadOnly ? unread : Number(counts.total), unread }
}

export async function listForAuthor(db: Db, author: Account, page: Page) {
	const mine = writtenBy(author)
	return rowsAndTotal(page, newestOnPage(db, page).select(readCount).where(mine).execute(), () =>
		db
			.selectFrom('announcements')
			.where(mine)
			.select((eb) => eb.fn.countAll<string>().as('total'))
			.executeTakeFirstOrThrow(),
	)
}

export const findForStudent = (db: Db, student: Account, id: string) =>
	withCourse(db)
		.select(readBy(student.id))
		.where('announcements.id', '=', id)
		.where(visibleToStudent(student))
		.executeTakeFirst()

export const findAnnouncement = (db: Db, id: string) =>
	withCourse(db).select(readCount).where('announcements.id', '=', id).executeTakeFirst()

export const insertAnnouncement = async (db: Db, values: Insertable<AnnouncementsTable>) =>
	(await db.insertInto('announcements').values(values).returning('id').executeTakeFirstOrThrow()).id

export const markRead = (db: Db, announcementId: string, studentId: string) =>
	db
		.insertInto('announcement_reads')
		.values({ announcement_id: announcementId, student_id: studentId })
		.onConflict((oc) => oc.columns(['announcement_id', 'student_id']).doNothing())
		.execute()

/** The number of rows changed: 0 when it was deleted meanwhile. */
export const updateAnnouncement = async (
	db: Db,
	id: string,
	changes: { title: string; body: string },
) =>
	Number(
		(await db.updateTable('announcements').set(changes).where('id', '=', id).executeTakeFirst())
			.numUpdatedRows,
	)

export const deleteAnnouncement = (db: Db, id: string) =>
	db.deleteFrom('announcements').where('id', '=', id).execute()
