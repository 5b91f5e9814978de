import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely'
import type { Db } from '../db.ts'
import { rowsAndTotal, type Page } from '../platform/pagination.ts'
import { containsPattern } from '../platform/search.ts'
import type { Database, RoleFields, UserRole, UsersTable } from '../schema.ts'

/** Every column an answer may show; never the password hash. */
export const USER_COLUMNS = [
	'id',
	'role',
	'email',
	'first_name',
	'last_name',
	'phone',
	'bio',
	'profile',
	'profile_picture',
	'organization_id',
	'created_at',
] as const

export type UserRow = Pick<Selectable<UsersTable>, (typeof USER_COLUMNS)[number]>

type UserFilter = (eb: ExpressionBuilder<Database, 'users'>) => Expression<SqlBool>

export const findUser = (db: Db, id: string) =>
	db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst()

export const findUserByEmail = (db: Db, email: string) =>
	db.selectFrom('users').select(USER_COLUMNS).where('email', '=', email).executeTakeFirst()

/** For sign-in only: the one read that includes the password hash. */
export const findUserCredentials = (db: Db, email: string) =>
	db
		.selectFrom('users')
		.select([...USER_COLUMNS, 'password_hash', 'email_verified_at'])
		.where('email', '=', email)
		.executeTakeFirst()

export type NewUser = {
	role: UserRole
	email: string
	passwordHash: string
	firstName: string
	lastName: string
	phone?: string | null
	bio?: string | null
	roleFields?: RoleFields
	organizationId?: string | null
	/** False for sign-ups, whose address is unverified until its link is followed. */
	emailVerified?: boolean
}

export const insertUser = (db: Db, user: NewUser) =>
	db
		.insertInto('users')
		.values({
			role: user.role,
			email: user.email,
			password_hash: user.passwordHash,
			first_name: user.firstName,
			last_name: user.lastName,
			phone: user.phone ?? null,
			bio: user.bio ?? null,
			profile: JSON.stringify(user.roleFields ?? {}),
			profile_picture: null,
			organization_id: user.organizationId ?? null,
			...(user.emailVerified === false && { email_verified_at: null }),
		})
		.returning(USER_COLUMNS)
		.executeTakeFirstOrThrow()

export type ProfileChanges = {
	first_name?: string
	last_name?: string
	phone?: string | null
	bio?: string | null
}

/** Updates the given columns and merges `roleFields` into the stored ones. */
export const updateProfile = (
	db: Db,
	id: string,
	changes: ProfileChanges,
	roleFields: RoleFields,
) =>
	db
		.updateTable('users')
		.set({ ...changes, profile: sql<string>`profile || ${JSON.stringify(roleFields)}::jsonb` })
		.where('id', '=', id)
		.returning(USER_COLUMNS)
		.executeTakeFirst()

export const setProfilePicture = (db: Db, id: string, key: string) =>
	db
		.updateTable('users')
		.set({ profile_picture: key })
		.where('id', '=', id)
		.returning(USER_COLUMNS)
		.executeTakeFirst()

async function pageOfUsers(db: Db, filter: UserFilter, page: Page) {
	return rowsAndTotal(
		page,
		db
			.selectFrom('users')
			.select(USER_COLUMNS)
			.where(filter)
			.orderBy('last_name')
			.orderBy('first_name')
			.orderBy('id')
			.limit(page.limit)
			.offset(page.offset)
			.execute(),
		() =>
			db
				.selectFrom('users')
				.select((eb) => eb.fn.countAll().as('total'))
				.where(filter)
				.executeTakeFirstOrThrow(),
	)
}

const taughtBy =
	(teacherId: string) =>
	(eb: ExpressionBuilder<Database, 'users'>): Expression<SqlBool> =>
		eb.exists(
			eb
				.selectFrom('enrollments')
				.innerJoin('courses', 'courses.id', 'enrollments.course_id')
				.select('enrollments.course_id')
				.whereRef('enrollments.student_id', '=', 'users.id')
				.where('courses.tutor_id', '=', teacherId),
		)

/** The students enrolled in one course. */
export const listCourseStudents = (db: Db, courseId: string, page: Page) =>
	pageOfUsers(
		db,
		(eb) =>
			eb.and([
				eb('role', '=', 'student'),
				eb.exists(
					eb
						.selectFrom('enrollments')
						.select('enrollments.course_id')
						.whereRef('enrollments.student_id', '=', 'users.id')
						.where('enrollments.course_id', '=', courseId),
				),
			]),
		page,
	)

export const listTeachers = (db: Db, page: Page) =>
	pageOfUsers(db, (eb) => eb('role', '=', 'tutor'), page)

/** Students enrolled in at least one of the tutor's courses. */
export const listTeacherStudents = (db: Db, teacherId: string, page: Page) =>
	pageOfUsers(db, (eb) => eb.and([eb('role', '=', 'student'), taughtBy(teacherId)(eb)]), page)

/** An organization's members of one role; `search` matches any part of the name or email. */
export const listOrganizationMembers = (
	db: Db,
	organizationId: string,
	role: UserRole,
	page: Page,
	search?: string,
) =>
	pageOfUsers(
		db,
		(eb) =>
			eb.and([
				eb('role', '=', role),
				eb('organization_id', '=', organizationId),
				...(search
					? [
							eb.or([
								eb(sql<string>`first_name || ' ' || last_name`, 'ilike', containsPattern(search)),
								eb('email', 'ilike', containsPattern(search)),
							]),
						]
					: []),
			]),
		page,
	)

export const listOrganizationStudents = (
	db: Db,
	organizationId: string,
	page: Page,
	search?: string,
) => listOrganizationMembers(db, organizationId, 'student', page, search)

export async function teachesStudent(db: Db, teacherId: string, studentId: string) {
	const row = await db
		.selectFrom('users')
		.select('id')
		.where('id', '=', studentId)
		.where(taughtBy(teacherId))
		.executeTakeFirst()
	return row !== undefined
}

/** The zone a person last logged in from, which their reminders are written in (decision 038). */
export const saveTimeZone = (db: Db, id: string, timeZone: string) =>
	db.updateTable('users').set({ time_zone: timeZone }).where('id', '=', id).execute()
