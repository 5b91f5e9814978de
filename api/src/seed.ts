import type { Passwords } from './platform/passwords.ts'
import type { Db } from './db.ts'
import { seedCourses } from './courses/seed.ts'
import { seedOrganizationDemo } from './organizations/seed.ts'
import { seedQaDemo } from './qa/seed.ts'
import { seedDemoResources } from './resources/seed.ts'
import { seedDemoRoom } from './rooms/seed.ts'
import { seedDemoSchedules } from './schedules/seed.ts'
import type { Storage } from './platform/storage.ts'
import { seedDemoTasks } from './tasks/seed.ts'

export const DEMO_PASSWORD = 'DemoPass123!'

const DEMO_EMAILS = {
	student: 'student@example.com',
	teacher: 'teacher@example.com',
	organization: 'organization@example.com',
	orgStudent: 'orgstudent@example.com',
} as const

const DEMO_COURSE = 'Algebra Foundations'

/**
 * Seeds the README's demo accounts; an account whose email exists is left alone. The demo course
 * (taught by the teacher, with the demo student enrolled) comes with the teacher, so it too is
 * created once.
 */
export async function seedDemo(db: Db, passwords: Passwords, storage?: Storage): Promise<void> {
	const [users, organization] = await Promise.all([
		db
			.selectFrom('users')
			.select('email')
			.where('email', 'in', [DEMO_EMAILS.student, DEMO_EMAILS.teacher, DEMO_EMAILS.orgStudent])
			.execute(),
		db
			.selectFrom('organizations')
			.select('id')
			.where('email', '=', DEMO_EMAILS.organization)
			.executeTakeFirst(),
	])
	const existing = new Set(users.map((user) => user.email))
	if (existing.size === 3 && organization) {
		await seedCourses(db, DEMO_EMAILS)
		await seedDemoRoom(db)
		await seedDemoSchedules(db)
		if (storage) await seedStoredDemo(db, storage)
		return seedOrganizationDemo(db, passwords, DEMO_PASSWORD)
	}

	// One hash for all: the demo accounts share their password anyway.
	const passwordHash = await passwords.hash(DEMO_PASSWORD)
	await db.transaction().execute(async (trx) => {
		const organizationId =
			organization?.id ??
			(
				await trx
					.insertInto('organizations')
					.values({
						email: DEMO_EMAILS.organization,
						password_hash: passwordHash,
						name: 'Demo Academy',
						type: 'school',
						country: 'US',
						phone: null,
						address: null,
						website: null,
						description: 'A demo organization for trying the platform.',
						logo: null,
					})
					.returning('id')
					.executeTakeFirstOrThrow()
			).id

		const insertDemoUser = async (
			email: string,
			role: 'student' | 'tutor',
			firstName: string,
			lastName: string,
			extra: { organizationId?: string; subjects?: string[] } = {},
		) =>
			existing.has(email)
				? undefined
				: (
						await trx
							.insertInto('users')
							.values({
								role,
								email,
								password_hash: passwordHash,
								first_name: firstName,
								last_name: lastName,
								phone: null,
								bio: null,
								profile: JSON.stringify(extra.subjects ? { subjects: extra.subjects } : {}),
								profile_picture: null,
								organization_id: extra.organizationId ?? null,
							})
							.returning('id')
							.executeTakeFirstOrThrow()
					).id

		await insertDemoUser(DEMO_EMAILS.student, 'student', 'Sam', 'Rivera')
		const teacherId = await insertDemoUser(DEMO_EMAILS.teacher, 'tutor', 'Taylor', 'Morgan', {
			subjects: ['Mathematics'],
		})
		await insertDemoUser(DEMO_EMAILS.orgStudent, 'student', 'Olivia', 'Chen', { organizationId })
		if (!teacherId) return

		const course = await trx
			.insertInto('courses')
			.values({ tutor_id: teacherId, title: DEMO_COURSE, is_published: true })
			.returning('id')
			.executeTakeFirstOrThrow()
		const student = await trx
			.selectFrom('users')
			.select('id')
			.where('email', '=', DEMO_EMAILS.student)
			.executeTakeFirstOrThrow()
		await trx
			.insertInto('enrollments')
			.values({ course_id: course.id, student_id: student.id })
			.execute()
	})
	await seedCourses(db, DEMO_EMAILS)
	await seedOrganizationDemo(db, passwords, DEMO_PASSWORD)
	await seedQaDemo(db)
	await seedDemoRoom(db)
	await seedDemoSchedules(db)
	if (storage) await seedStoredDemo(db, storage)
}

/** The demo data that comes with files: the course's tasks and the teacher's library. */
async function seedStoredDemo(db: Db, storage: Storage) {
	await seedDemoTasks(db, storage, DEMO_EMAILS, DEMO_COURSE)
	await seedDemoResources(db, storage, DEMO_EMAILS.teacher)
}
