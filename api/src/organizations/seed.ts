import { sql } from 'kysely'
import type { Passwords } from '../platform/passwords.ts'
import type { Db } from '../db.ts'

const DEMO_ORGANIZATION = 'organization@example.com'
const DEPARTMENTS = [
	{ name: 'Mathematics', description: 'Algebra, geometry and statistics.' },
	{ name: 'Sciences', description: 'Biology, chemistry and physics.' },
	{ name: 'Languages', description: 'English and modern languages.' },
]
const TEACHER = { email: 'orgteacher@example.com', firstName: 'Priya', lastName: 'Patel' }
const STUDENTS = [
	{ email: 'orgstudent@example.com', firstName: 'Olivia', lastName: 'Chen' },
	{ email: 'orgstudent2@example.com', firstName: 'Noah', lastName: 'Williams' },
	{ email: 'orgstudent3@example.com', firstName: 'Amara', lastName: 'Okafor' },
]
const SUBJECTS = ['Mathematics', 'Science', 'English']
// Per term and student, in SUBJECTS order: every grade bucket is represented.
const SCORES: Record<string, number[][]> = {
	'Term 1 2026': [
		[92, 85, 78],
		[64, 71, 58],
		[88, 95, 81],
	],
	'Term 2 2026': [
		[95, 89, 84],
		[69, 75, 62],
		[91, 97, 86],
	],
}

/**
 * The demo organization's departments, teacher, students, course and two terms of scores. Runs
 * once: an organization that already has departments is left alone.
 */
export async function seedOrganizationDemo(db: Db, passwords: Passwords, password: string) {
	const organization = await db
		.selectFrom('organizations')
		.select('id')
		.where('email', '=', DEMO_ORGANIZATION)
		.executeTakeFirst()
	if (!organization) return
	// The demo's single sign-on uses example.com (README), a domain nobody can publish a record
	// for: it is seeded proven, and never re-checked (decision 051).
	await db
		.insertInto('organization_domains')
		.values({
			organization_id: organization.id,
			domain: 'example.com',
			token: 'demo',
			proof: 'demo',
			verified_at: new Date(),
			checked_at: new Date(),
		})
		.onConflict((oc) => oc.doNothing())
		.execute()
	const hasDepartments = await db
		.selectFrom('departments')
		.select('id')
		.where('organization_id', '=', organization.id)
		.executeTakeFirst()
	if (hasDepartments) return

	const passwordHash = await passwords.hash(password)
	await db.transaction().execute(async (trx) => {
		await trx
			.insertInto('departments')
			.values(
				DEPARTMENTS.map((department) => ({
					organization_id: organization.id,
					department_name: department.name,
					description: department.description,
				})),
			)
			.execute()

		/** The member with this email, created if missing and attached to the organization. */
		const member = async (
			person: { email: string; firstName: string; lastName: string },
			role: 'student' | 'tutor',
		) => {
			const existing = await trx
				.selectFrom('users')
				.select(['id', 'organization_id'])
				.where('email', '=', person.email)
				.executeTakeFirst()
			if (existing) return existing.organization_id === organization.id ? existing.id : null
			const row = await trx
				.insertInto('users')
				.values({
					role,
					email: person.email,
					password_hash: passwordHash,
					first_name: person.firstName,
					last_name: person.lastName,
					phone: null,
					bio: null,
					profile: JSON.stringify(role === 'tutor' ? { subjects: ['Mathematics'] } : {}),
					profile_picture: null,
					organization_id: organization.id,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
			return row.id
		}

		const teacherId = await member(TEACHER, 'tutor')
		const studentIds: (string | null)[] = []
		for (const student of STUDENTS) studentIds.push(await member(student, 'student'))

		if (teacherId) {
			const course = await sql<{ id: string }>`
				INSERT INTO courses (tutor_id, organization_id, title, subtitle, description, level, category,
					price_amount, price_currency, max_students, duration_weeks, hours_per_week, is_published)
				VALUES (${teacherId}, ${organization.id}, 'Geometry Essentials',
					'Shapes, angles and proofs for middle school',
					'Angles, triangles, circles and area, with a first taste of proof. Weekly problem sets and a live review session.',
					'Beginner', 'Mathematics', 8900, 'USD', 30, 8, 2, true)
				RETURNING id`.execute(trx)
			const courseId = course.rows[0]?.id
			const enrolled = studentIds.filter((id): id is string => id !== null)
			if (courseId && enrolled.length > 0) {
				await trx
					.insertInto('enrollments')
					.values(enrolled.map((studentId) => ({ course_id: courseId, student_id: studentId })))
					.execute()
			}
		}

		for (const [term, rows] of Object.entries(SCORES)) {
			const values = rows.flatMap((scores, index) => {
				const studentId = studentIds[index]
				if (!studentId) return []
				return scores.map((score, subjectIndex) => ({
					organization_id: organization.id,
					student_id: studentId,
					subject: SUBJECTS[subjectIndex] as string,
					term,
					score,
				}))
			})
			if (values.length > 0) await trx.insertInto('scores').values(values).execute()
		}
	})
}
