import { sql, type Insertable, type Selectable, type Updateable } from 'kysely'
import type { Db } from '../db.ts'
import { DEPARTMENT_COLUMNS } from '../departments/repository.ts'
import { rowsAndTotal, type Page } from '../platform/pagination.ts'
import { sessionsChangingHere } from '../platform/session-cache.ts'
import type { OrganizationsTable, OrganizationType } from '../schema.ts'
import { USER_COLUMNS } from '../users/repository.ts'

export const ORGANIZATION_COLUMNS = [
	'id',
	'email',
	'name',
	'type',
	'country',
	'phone',
	'address',
	'website',
	'description',
	'logo',
	'created_at',
] as const

export type OrganizationRow = Pick<
	Selectable<OrganizationsTable>,
	(typeof ORGANIZATION_COLUMNS)[number]
>

export const findOrganizationByEmail = (db: Db, email: string) =>
	db
		.selectFrom('organizations')
		.select(ORGANIZATION_COLUMNS)
		.where('email', '=', email)
		.executeTakeFirst()

/** For sign-in only: the one read that includes the password hash. */
export const findOrganizationCredentials = (db: Db, email: string) =>
	db
		.selectFrom('organizations')
		.select([...ORGANIZATION_COLUMNS, 'password_hash', 'email_verified_at'])
		.where('email', '=', email)
		.executeTakeFirst()

export const insertOrganization = (db: Db, organization: Insertable<OrganizationsTable>) =>
	db
		.insertInto('organizations')
		.values(organization)
		.returning(ORGANIZATION_COLUMNS)
		.executeTakeFirstOrThrow()

export const findOrganization = (db: Db, id: string) =>
	db
		.selectFrom('organizations')
		.select(ORGANIZATION_COLUMNS)
		.where('id', '=', id)
		.executeTakeFirst()

export type OrganizationFilters = { type?: OrganizationType; country?: string }

/** The public directory, newest first. */
export async function listOrganizations(db: Db, filters: OrganizationFilters, page: Page) {
	let query = db.selectFrom('organizations')
	if (filters.type) query = query.where('type', '=', filters.type)
	if (filters.country) {
		query = query.where(sql<string>`lower(country)`, '=', filters.country.toLowerCase())
	}
	return rowsAndTotal(
		page,
		query
			.select(ORGANIZATION_COLUMNS)
			.orderBy('created_at', 'desc')
			.orderBy('id')
			.limit(page.limit)
			.offset(page.offset)
			.execute(),
		() => query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
	)
}

export const updateOrganization = (db: Db, id: string, changes: Updateable<OrganizationsTable>) =>
	db
		.updateTable('organizations')
		.set(changes)
		.where('id', '=', id)
		.returning(ORGANIZATION_COLUMNS)
		.executeTakeFirst()

/**
 * Removes the organization with its departments and scores (cascade). Its teachers and students
 * keep their own accounts, now without an organization (ON DELETE SET NULL).
 */
export const deleteOrganization = (db: Db, id: string) =>
	db.deleteFrom('organizations').where('id', '=', id).executeTakeFirst()

const STATS_SAMPLE = 5

/** Tutors, students, courses and departments of one organization: the newest few and a total. */
export async function organizationStats(db: Db, organizationId: string) {
	const members = (role: 'tutor' | 'student') =>
		db.selectFrom('users').where('role', '=', role).where('organization_id', '=', organizationId)
	const courses = db
		.selectFrom('courses')
		.where((eb) =>
			eb.or([
				eb('courses.organization_id', '=', organizationId),
				eb(
					'courses.tutor_id',
					'in',
					eb
						.selectFrom('users')
						.select('users.id')
						.where('users.role', '=', 'tutor')
						.where('users.organization_id', '=', organizationId),
				),
			]),
		)
	const departments = db.selectFrom('departments').where('organization_id', '=', organizationId)
	const total = (count: { total: string | number | bigint }) => Number(count.total)
	const [
		tutors,
		tutorCount,
		students,
		studentCount,
		courseRows,
		courseCount,
		departmentRows,
		departmentCount,
	] = await Promise.all([
		members('tutor')
			.select(USER_COLUMNS)
			.orderBy('created_at', 'desc')
			.orderBy('id')
			.limit(STATS_SAMPLE)
			.execute(),
		members('tutor')
			.select((eb) => eb.fn.countAll().as('total'))
			.executeTakeFirstOrThrow(),
		members('student')
			.select(USER_COLUMNS)
			.orderBy('created_at', 'desc')
			.orderBy('id')
			.limit(STATS_SAMPLE)
			.execute(),
		members('student')
			.select((eb) => eb.fn.countAll().as('total'))
			.executeTakeFirstOrThrow(),
		courses
			.select((eb) => [
				'courses.id',
				'courses.title',
				'courses.is_published',
				'courses.created_at',
				eb
					.selectFrom('enrollments')
					.select((inner) => inner.fn.countAll().as('n'))
					.whereRef('enrollments.course_id', '=', 'courses.id')
					.as('enrolled'),
			])
			.orderBy('courses.created_at', 'desc')
			.orderBy('courses.id')
			.limit(STATS_SAMPLE)
			.execute(),
		courses.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
		departments.select(DEPARTMENT_COLUMNS).orderBy('department_name').limit(STATS_SAMPLE).execute(),
		departments.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
	])
	return {
		tutors: { rows: tutors, total: total(tutorCount) },
		students: { rows: students, total: total(studentCount) },
		courses: { rows: courseRows, total: total(courseCount) },
		departments: { rows: departmentRows, total: total(departmentCount) },
	}
}

/** Whether the organization's teachers must sign in with two-factor (decision 037). */
export const teachersNeedTwoFactor = async (db: Db, organizationId: string) => {
	const row = await db
		.selectFrom('organizations')
		.select('teachers_need_two_factor')
		.where('id', '=', organizationId)
		.executeTakeFirstOrThrow()
	return row.teachers_need_two_factor
}

export async function requireTeacherTwoFactor(db: Db, organizationId: string, required: boolean) {
	// Its teachers' sessions change (decision 068); other processes hear it from the trigger.
	const told = sessionsChangingHere('*')
	const changed = await db
		.updateTable('organizations')
		.set({ teachers_need_two_factor: required })
		.where('id', '=', organizationId)
		.where('teachers_need_two_factor', '!=', required)
		.executeTakeFirst()
	told(Number(changed.numUpdatedRows) > 0)
}

// Invitations to join an organization.

/** An open invitation of the organization to this email; the one already open if there is one. */
export async function inviteStudent(db: Db, organizationId: string, email: string) {
	const created = await db
		.insertInto('organization_invitations')
		.values({ organization_id: organizationId, email })
		.onConflict((conflict) =>
			conflict
				.expression(sql`organization_id, lower(email)`)
				.where('status', '=', 'pending')
				.doNothing(),
		)
		.returningAll()
		.executeTakeFirst()
	if (created) return { invitation: created, created: true }
	const open = await db
		.selectFrom('organization_invitations')
		.selectAll()
		.where('organization_id', '=', organizationId)
		.where(sql<string>`lower(email)`, '=', email.toLowerCase())
		.where('status', '=', 'pending')
		.executeTakeFirstOrThrow()
	return { invitation: open, created: false }
}

export const listOpenInvitations = (db: Db, organizationId: string) =>
	db
		.selectFrom('organization_invitations')
		.selectAll()
		.where('organization_id', '=', organizationId)
		.where('status', '=', 'pending')
		.orderBy('created_at', 'desc')
		.limit(100)
		.execute()

/** Withdraws an open invitation; undefined when there is none of that id for this organization. */
export const cancelInvitation = (db: Db, organizationId: string, invitationId: string) =>
	db
		.updateTable('organization_invitations')
		.set({ status: 'cancelled', responded_at: new Date() })
		.where('id', '=', invitationId)
		.where('organization_id', '=', organizationId)
		.where('status', '=', 'pending')
		.returning('id')
		.executeTakeFirst()

/** The open invitations addressed to a student's email, with who sent them. */
export const invitationsFor = (db: Db, email: string) =>
	db
		.selectFrom('organization_invitations as invitation')
		.innerJoin('organizations as organization', 'organization.id', 'invitation.organization_id')
		.select([
			'invitation.id',
			'invitation.created_at',
			'organization.id as organization_id',
			'organization.name as organization_name',
		])
		.where(sql<string>`lower(invitation.email)`, '=', email.toLowerCase())
		.where('invitation.status', '=', 'pending')
		.orderBy('invitation.created_at', 'desc')
		.execute()

/**
 * The student's answer. Accepting joins the organization (leaving one they were in: they chose
 * to), in one transaction with closing the invitation; undefined when it is not theirs or not open.
 */
export async function answerInvitation(
	db: Db,
	student: { id: string; email: string },
	invitationId: string,
	accept: boolean,
) {
	return db.transaction().execute(async (trx) => {
		const invitation = await trx
			.updateTable('organization_invitations')
			.set({ status: accept ? 'accepted' : 'declined', responded_at: new Date() })
			.where('id', '=', invitationId)
			.where(sql<string>`lower(email)`, '=', student.email.toLowerCase())
			.where('status', '=', 'pending')
			.returning(['id', 'organization_id', 'department_id', 'student_number'])
			.executeTakeFirst()
		if (!invitation || !accept) return invitation
		await trx
			.updateTable('users')
			// A roster's invitation brings the department and student number it gave (migration 025).
			.set({
				organization_id: invitation.organization_id,
				department_id: invitation.department_id,
				student_number: invitation.student_number,
			})
			.where('id', '=', student.id)
			.where('role', '=', 'student')
			.execute()
		// Other organizations' open invitations stay: the student may still answer them later.
		return invitation
	})
}

/** A member leaves, or is removed by, their organization; undefined when they were not in it. */
export const leaveOrganization = (db: Db, studentId: string, organizationId: string) =>
	db
		.updateTable('users')
		.set({ organization_id: null, department_id: null, student_number: null })
		.where('id', '=', studentId)
		.where('role', '=', 'student')
		.where('organization_id', '=', organizationId)
		.returning(USER_COLUMNS)
		.executeTakeFirst()
