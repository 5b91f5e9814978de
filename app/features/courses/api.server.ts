import { staleAfter } from '~/platform/cache-invalidation.server'
import type { Upstream } from '~/platform/upstream.server'
import { studentListSchema, userSchema } from '~/features/users/schema'
import { z } from 'zod'
import {
	courseAnswerSchema,
	courseDeletedSchema,
	courseListSchema,
	courseSavedSchema,
} from './schema'
import {
	summarize,
	type CataloguePage,
	type courseCategories,
	type courseLevels,
} from './catalogue'
import { needed } from '~/platform/settle.server'

const enrolledStudentSchema = z.object({ student: userSchema })

// The Courses calls of spec section 7 (and the single-course and enrolled calls of api/README.md),
// each with the spec's fallback error text. GETs share the upstream client's 5-minute cache;
// every course mutation makes stale what shows the course (staleAfter.course): its title, seats and
// work appear in tasks, sessions, announcements and every member list.

type Filters = {
	page?: number
	limit?: number
	category?: (typeof courseCategories)[number]
	level?: (typeof courseLevels)[number]
	isPublished?: boolean
	teacherId?: string
	organizationId?: string
	/** Words in the title, description or teacher's name (the public catalogue's search box). */
	search?: string
}

const query = ({ page = 1, limit = 10, ...filters }: Filters) => ({ page, limit, ...filters })

export function listCourses(api: Upstream, filters: Filters = {}) {
	return api.get('/courses/list', {
		query: query(filters),
		schema: courseListSchema,
		fallback: 'Failed to fetch courses',
		retry: true,
	})
}

export function listPublicCourses(api: Upstream, filters: Filters = {}) {
	return api.get('/courses/public/list', {
		query: query(filters),
		schema: courseListSchema,
		fallback: 'Failed to fetch courses',
		retry: true,
	})
}

/** The public catalogue as its cards show it: the page and its hydration data stay small. */
export async function listCatalogue(api: Upstream, filters: Filters = {}): Promise<CataloguePage> {
	const list = await listPublicCourses(api, filters)
	return { ...list, courses: list.courses.map(summarize) }
}

export function listEnrolledCourses(
	api: Upstream,
	{ page = 1, limit = 10 }: { page?: number; limit?: number } = {},
) {
	return api.get('/courses/enrolled', {
		query: { page, limit },
		schema: courseListSchema,
		fallback: 'Failed to fetch courses',
		retry: true,
	})
}

/** One course; an unknown (or hidden) id becomes the route's 404 page, a failure its error page. */
export function getCourse(api: Upstream, id: string) {
	return needed(
		api.get(`/courses/${encodeURIComponent(id)}`, {
			schema: courseAnswerSchema,
			fallback: 'Failed to fetch courses',
		}),
	)
}

/** Who is enrolled in a course the caller runs (api/README.md): where certificates are issued from. */
export function listCourseStudents(api: Upstream, courseId: string, { page = 1, limit = 10 } = {}) {
	return api.get(`/courses/${encodeURIComponent(courseId)}/students`, {
		query: { page, limit },
		schema: studentListSchema,
		fallback: 'Failed to fetch students',
		retry: true,
	})
}

/** One student enrolled in a course the caller runs (api/README.md); 404 for anyone else. */
export async function getEnrolledStudent(api: Upstream, courseId: string, studentId: string) {
	const { student } = await api.get(
		`/courses/${encodeURIComponent(courseId)}/students/${encodeURIComponent(studentId)}`,
		{ schema: enrolledStudentSchema, fallback: 'Failed to fetch students' },
	)
	return student
}

export function createCourse(api: Upstream, course: unknown) {
	return api.send('POST', '/courses/create-course', {
		json: course,
		schema: courseSavedSchema,
		fallback: 'Failed to create course',
		invalidates: staleAfter.course,
	})
}

export function updateCourse(api: Upstream, id: string, updates: unknown) {
	return api.send('PUT', `/courses/update-course/${encodeURIComponent(id)}`, {
		json: updates,
		schema: courseSavedSchema,
		fallback: 'Failed to update course',
		invalidates: staleAfter.course,
	})
}

export function deleteCourse(api: Upstream, id: string) {
	return api.send('DELETE', `/courses/delete-course/${encodeURIComponent(id)}`, {
		schema: courseDeletedSchema,
		fallback: 'Failed to delete course',
		invalidates: staleAfter.course,
	})
}

/** A course's class list as a CSV file (issue 19), for its tutor or organization. */
export function downloadClassListCsv(api: Upstream, courseId: string) {
	return api.stream(`/courses/${encodeURIComponent(courseId)}/students/export`, {
		fallback: 'Failed to fetch students',
	})
}
