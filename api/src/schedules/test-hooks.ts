import { Hono } from 'hono'
import { sql } from 'kysely'
import { z } from 'zod'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError } from '../platform/errors.ts'
import { readJsonBody } from '../platform/json.ts'
import { body, email, requiredText } from '../platform/validation.ts'
import { findUserByEmail } from '../users/repository.ts'

/**
 * `POST /__test/enrolled-course` (API_TEST_HOOKS=1 only): a published course of a tutor with
 * students enrolled, without going through payments, so journeys get a class of their own.
 */
export function scheduleTestHookRoutes({ db }: ApiDeps) {
	return new Hono<ApiEnv>().post('/enrolled-course', async (c) => {
		const request = await readJsonBody(
			c,
			body({
				tutorEmail: email,
				title: requiredText('Title', 200),
				studentEmails: z.array(email),
			}),
		)
		const teacher = await findUserByEmail(db, request.tutorEmail)
		if (teacher?.role !== 'tutor') throw new ApiError(404, 'Tutor not found')
		const students = await Promise.all(
			request.studentEmails.map((address) => findUserByEmail(db, address)),
		)
		if (students.some((student) => student?.role !== 'student')) {
			throw new ApiError(404, 'Student not found')
		}
		// Plain SQL over the first courses migration's columns: later ones add defaulted columns.
		// A tutor of an organization files it under the organization, as creating a course does.
		const { rows } = await sql<{ id: string }>`
			INSERT INTO courses (tutor_id, title, is_published)
			VALUES (${teacher.id}, ${request.title}, true)
			RETURNING id`.execute(db)
		if (teacher.organization_id) {
			await sql`UPDATE courses SET organization_id = ${teacher.organization_id} WHERE id = ${rows[0]?.id}`.execute(
				db,
			)
		}
		const course = rows[0] as { id: string }
		for (const student of students) {
			if (!student) continue
			await db
				.insertInto('enrollments')
				.values({ course_id: course.id, student_id: student.id })
				.execute()
		}
		return c.json({ courseId: course.id }, 201)
	})
}
