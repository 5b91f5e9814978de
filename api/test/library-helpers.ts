import { beforeAll } from 'vitest'
import { call, login, registerStudent, uniqueEmail, type TestApi } from './helpers.ts'

/** A fresh tutor, signed in. */
export async function registerTeacher(api: TestApi, firstName = 'Tia') {
	const email = uniqueEmail('tutor')
	const answer = await call(api, 'POST', '/auth/register-tutor', {
		json: { firstName, lastName: 'Teach', email, password: 'Lantern-Harbour-42' },
	})
	if (answer.status !== 201) throw new Error(`register tutor: ${answer.status}`)
	return { ...(await login(api, email, 'Lantern-Harbour-42')), email }
}

type Session = Awaited<ReturnType<typeof registerTeacher>>

/**
 * The people of a library test file, registered before its tests: a teacher, another teacher, a
 * student (with `studentFields`) and an outsider, a student the file enrolls nowhere. The object
 * is filled in by a `beforeAll`, so read it in hooks and tests.
 */
export function peopleForFile(api: TestApi, studentFields: Record<string, unknown> = {}) {
	const people = {} as Record<'teacher' | 'otherTeacher' | 'student' | 'outsider', Session>
	beforeAll(async () => {
		people.teacher = await registerTeacher(api)
		people.otherTeacher = await registerTeacher(api, 'Other')
		people.student = await registerStudent(api, studentFields)
		people.outsider = await registerStudent(api)
	})
	return people
}

/** A course run by the tutor (or organization) with the given students enrolled. */
export async function courseWith(
	api: TestApi,
	owner: { tutorId?: string; organizationId?: string },
	studentIds: string[],
	title = 'Geometry Basics',
) {
	const course = await api.db
		.insertInto('courses')
		.values({
			tutor_id: owner.tutorId ?? null,
			organization_id: owner.organizationId ?? null,
			title,
			is_published: true,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	for (const studentId of studentIds) {
		await api.db
			.insertInto('enrollments')
			.values({ course_id: course.id, student_id: studentId })
			.execute()
	}
	return course.id
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
