import { call, login, uniqueEmail, type TestApi } from './helpers.ts'

/** A fresh tutor, signed in. */
export async function registerTeacher(api: TestApi, firstName = 'Tia') {
	const email = uniqueEmail('tutor')
	const answer = await call(api, 'POST', '/auth/register-tutor', {
		json: { firstName, lastName: 'Teach', email, password: 'Lantern-Harbour-42' },
	})
	if (answer.status !== 201) throw new Error(`register tutor: ${answer.status}`)
	return { ...(await login(api, email, 'Lantern-Harbour-42')), email }
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
