import { sql, type ExpressionBuilder, type Updateable } from 'kysely'
import type { Db } from '../db.ts'
import { rowsAndTotal, type Page } from '../platform/pagination.ts'
import { containsPattern } from '../platform/search.ts'
import type { CourseDetails, CoursesTable, Database } from '../schema.ts'
import type { Account } from '../platform/context.ts'
import type { CourseRow } from './present.ts'
import {
	toMinor,
	type CourseFilters,
	type CourseInput,
	type CourseMenu,
	type CourseUpdate,
} from './schemas.ts'

type CourseScope = (eb: ExpressionBuilder<Database, 'courses'>) => ReturnType<typeof eb.and>

const selectCourses = (db: Db) =>
	db
		.selectFrom('courses')
		.leftJoin('users as teacher', 'teacher.id', 'courses.tutor_id')
		.leftJoin('organizations as organization', 'organization.id', 'courses.organization_id')
		.selectAll('courses')
		.select((eb) => [
			eb
				.selectFrom('enrollments')
				.whereRef('enrollments.course_id', '=', 'courses.id')
				.select(eb.fn.countAll<string>().as('count'))
				.as('enrolled_count'),
			sql<string | null>`teacher.first_name || ' ' || teacher.last_name`.as('teacher_name'),
			'organization.name as organization_name',
		])

export const findCourse = (db: Db, id: string): Promise<CourseRow | undefined> =>
	selectCourses(db).where('courses.id', '=', id).executeTakeFirst()

/**
 * The catalogue's text search: the title, the description or the teacher's full name contains it.
 * Three lookups joined by UNION rather than one OR, so each is served by its trigram index
 * (migration 017) instead of a scan of every course (issue 28).
 */
function matchesText(eb: ExpressionBuilder<Database, 'courses'>, pattern: string) {
	return eb(
		'courses.id',
		'in',
		eb
			.selectFrom('courses as by_title')
			.select('by_title.id')
			.where('by_title.title', 'ilike', pattern)
			.union(
				eb
					.selectFrom('courses as by_description')
					.select('by_description.id')
					.where('by_description.description', 'ilike', pattern),
			)
			.union(
				eb
					.selectFrom('courses as by_teacher')
					.innerJoin('users as searched_teacher', 'searched_teacher.id', 'by_teacher.tutor_id')
					.select('by_teacher.id')
					.where(
						sql<string>`searched_teacher.first_name || ' ' || searched_teacher.last_name`,
						'ilike',
						pattern,
					),
			),
	)
}

const published = (eb: ExpressionBuilder<Database, 'courses'>) =>
	eb.and([eb('courses.is_published', '=', true)])

/** Published courses, and the viewer's own unpublished ones (no viewer: published ones only). */
const visibleTo =
	(viewer: Account | null): CourseScope =>
	(eb) => {
		if (viewer?.role === 'tutor') {
			return eb.and([
				eb.or([eb('courses.is_published', '=', true), eb('courses.tutor_id', '=', viewer.id)]),
			])
		}
		if (viewer?.role === 'organization') {
			return eb.and([
				eb.or([
					eb('courses.is_published', '=', true),
					eb('courses.organization_id', '=', viewer.id),
				]),
			])
		}
		return published(eb)
	}

/** The filters of spec section 7 plus the caller's visibility rule (`scope`). */
function filtered(filters: CourseFilters, scope: CourseScope) {
	return (eb: ExpressionBuilder<Database, 'courses'>) => {
		const conditions = [scope(eb)]
		if (filters.category)
			conditions.push(eb(sql`lower(courses.category)`, '=', filters.category.toLowerCase()))
		if (filters.level) conditions.push(eb('courses.level', '=', filters.level))
		if (filters.isPublished !== undefined)
			conditions.push(eb('courses.is_published', '=', filters.isPublished))
		if (filters.teacherId) conditions.push(eb('courses.tutor_id', '=', filters.teacherId))
		if (filters.organizationId) {
			conditions.push(eb('courses.organization_id', '=', filters.organizationId))
		}
		if (filters.search) conditions.push(matchesText(eb, containsPattern(filters.search)))
		return eb.and(conditions)
	}
}

/** How many courses `where` lets through: a list's total. */
const countCourses = (db: Db, where: CourseScope) =>
	db
		.selectFrom('courses')
		.select((eb) => eb.fn.countAll<string>().as('total'))
		.where(where)
		.executeTakeFirstOrThrow()

/** The courses `viewer` may see (null: anyone, the published ones), filtered, newest first. */
export async function listCourses(
	db: Db,
	filters: CourseFilters,
	viewer: Account | null,
	page: Page,
) {
	const where = filtered(filters, visibleTo(viewer))
	const { rows, total } = await rowsAndTotal(
		page,
		selectCourses(db)
			.where(where)
			.orderBy('courses.created_at', 'desc')
			.orderBy('courses.id')
			.limit(page.limit)
			.offset(page.offset)
			.execute(),
		() => countCourses(db, where),
	)
	return { rows: rows as CourseRow[], total }
}

/** Courses the student is enrolled in, newest enrolment first. */
export async function listEnrolledCourses(db: Db, studentId: string, page: Page) {
	const enrolled = (eb: ExpressionBuilder<Database, 'courses'>) =>
		eb.exists(
			eb
				.selectFrom('enrollments')
				.select('enrollments.course_id')
				.whereRef('enrollments.course_id', '=', 'courses.id')
				.where('enrollments.student_id', '=', studentId),
		)
	const { rows, total } = await rowsAndTotal(
		page,
		selectCourses(db)
			.innerJoin('enrollments as mine', (join) =>
				join.onRef('mine.course_id', '=', 'courses.id').on('mine.student_id', '=', studentId),
			)
			.orderBy('mine.created_at', 'desc')
			.orderBy('courses.id')
			.limit(page.limit)
			.offset(page.offset)
			.execute(),
		() => countCourses(db, enrolled),
	)
	return { rows: rows as CourseRow[], total }
}

const DETAIL_KEYS = [
	'prerequisites',
	'learningOutcomes',
	'instructors',
	'modules',
	'languages',
	'certification',
	'tags',
] as const

/** The columns a (partial) course body sets; absent fields are left out. */
function columnsOf(input: CourseUpdate) {
	const columns: Updateable<CoursesTable> = {}
	if (input.title !== undefined) columns.title = input.title
	if (input.subtitle !== undefined) columns.subtitle = input.subtitle ?? ''
	if (input.description !== undefined) columns.description = input.description
	if (input.thumbnail !== undefined) columns.thumbnail = input.thumbnail
	if (input.level !== undefined) columns.level = input.level
	if (input.category !== undefined) columns.category = input.category
	if (input.subcategory !== undefined) columns.subcategory = input.subcategory
	if (input.price !== undefined) {
		columns.price_amount = toMinor(input.price.amount)
		columns.price_currency = input.price.currency
		columns.price_discounted =
			input.price.discounted == null ? null : toMinor(input.price.discounted)
	}
	if (input.schedule !== undefined) columns.schedule = JSON.stringify(input.schedule)
	if (input.maxStudents !== undefined) columns.max_students = input.maxStudents
	if (input.locale !== undefined) columns.locale = input.locale ?? null
	if (input.duration !== undefined) {
		columns.duration_weeks = input.duration?.weeks ?? null
		columns.hours_per_week = input.duration?.hoursPerWeek ?? null
	}
	if (input.isPublished !== undefined) columns.is_published = input.isPublished
	const details: CourseDetails = {}
	for (const key of DETAIL_KEYS) {
		if (input[key] !== undefined) Object.assign(details, { [key]: input[key] })
	}
	return { columns, details }
}

export type CourseOwner = { tutorId: string | null; organizationId: string | null }

export async function insertCourse(db: Db, input: CourseInput, owner: CourseOwner) {
	const { columns, details } = columnsOf(input)
	const { id } = await db
		.insertInto('courses')
		.values({
			...columns,
			title: input.title,
			tutor_id: owner.tutorId,
			organization_id: owner.organizationId,
			details: JSON.stringify(details),
			schedule: JSON.stringify(input.schedule ?? null),
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return (await findCourse(db, id)) as CourseRow
}

export async function updateCourse(db: Db, id: string, input: CourseUpdate) {
	const { columns, details } = columnsOf(input)
	await db
		.updateTable('courses')
		.set({
			...columns,
			details: sql<string>`details || ${JSON.stringify(details)}::jsonb`,
			updated_at: new Date(),
		})
		.where('id', '=', id)
		.execute()
	return findCourse(db, id)
}

export async function deleteCourse(db: Db, id: string) {
	await db.deleteFrom('courses').where('id', '=', id).execute()
}

export async function countEnrolled(db: Db, courseId: string) {
	const row = await db
		.selectFrom('enrollments')
		.select((eb) => eb.fn.countAll<string>().as('count'))
		.where('course_id', '=', courseId)
		.executeTakeFirstOrThrow()
	return Number(row.count)
}

export type CourseStaff = {
	id: string
	title: string
	tutor_id: string | null
	organization_id: string | null
}

/** A course's id, title and who runs it. */
export const findCourseStaff = (db: Db, id: string): Promise<CourseStaff | undefined> =>
	db
		.selectFrom('courses')
		.select(['id', 'title', 'tutor_id', 'organization_id'])
		.where('id', '=', id)
		.executeTakeFirst()

/**
 * The courses the caller runs (a tutor's own, an organization's), by title: the pickers' lists.
 * `?search=` keeps those whose title holds it, `?limit=` the first of them; `total` is how many
 * match, so a form shows a short menu and says how many more a search would find (issue 28).
 * Without either, every course, as the calls always answered.
 */
export async function coursesRunBy(db: Db, account: Account, { search, limit }: CourseMenu = {}) {
	let runBy = db
		.selectFrom('courses')
		.where(account.role === 'organization' ? 'organization_id' : 'tutor_id', '=', account.id)
	if (search) runBy = runBy.where('title', 'ilike', containsPattern(search))
	const [courses, count] = await Promise.all([
		runBy
			.select(['id', 'title'])
			.orderBy('title')
			.orderBy('id')
			.$if(limit !== undefined, (query) => query.limit(limit!))
			.execute(),
		runBy.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
	])
	return { courses, total: Number(count.total) }
}

export async function isEnrolled(db: Db, courseId: string, studentId: string) {
	const row = await db
		.selectFrom('enrollments')
		.select('course_id')
		.where('course_id', '=', courseId)
		.where('student_id', '=', studentId)
		.executeTakeFirst()
	return row !== undefined
}

/** Which of these students are enrolled in the course, in one statement (a register's check). */
export async function enrolledAmong(db: Db, courseId: string, studentIds: readonly string[]) {
	const rows = await db
		.selectFrom('enrollments')
		.select('student_id')
		.where('course_id', '=', courseId)
		.where('student_id', 'in', studentIds)
		.execute()
	return new Set(rows.map((row) => row.student_id))
}

export const findStudent = (db: Db, id: string) =>
	db
		.selectFrom('users')
		.select(['id', 'email', 'first_name', 'last_name', 'organization_id'])
		.where('id', '=', id)
		.where('role', '=', 'student')
		.executeTakeFirst()

export const findOrganizationName = (db: Db, id: string) =>
	db.selectFrom('organizations').select('name').where('id', '=', id).executeTakeFirst()

export const findUserName = (db: Db, id: string) =>
	db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', id).executeTakeFirst()
