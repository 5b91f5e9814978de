import { data, type RouterContextProvider } from 'react-router'
import type { User } from '~/features/users/schema'
import { pageParam } from '~/platform/page-param'
import { upstream } from '~/platform/request.server'
import { settle, type Settled } from '~/platform/settle.server'
import type { Upstream } from '~/platform/upstream.server'
import { getCourse, listCourses, listCourseStudents } from './api.server'
import { CLASS_LIST_LIMIT, readCatalogueQuery } from './schema'

type Context = Readonly<RouterContextProvider>

export type ClassList = {
	course: { id: string; title: string }
	page: number
	students: Settled<{ students: User[]; total: number }>
}

/** A page of the organization's courses and, with `?course=`, the students of one of them. */
export async function loadOrganizationCourses(
	context: Context,
	request: Request,
	organizationId: string,
) {
	const url = new URL(request.url)
	const { page } = readCatalogueQuery(url)
	const api = upstream(context, request)
	const classCourseId = url.searchParams.get('course')
	const [courses, classList] = await Promise.all([
		settle(listCourses(api, { organizationId, page })),
		classCourseId
			? loadClassList(
					api,
					organizationId,
					classCourseId,
					pageParam(url.searchParams, 'studentsPage'),
				)
			: null,
	])
	return { page, courses, classList, organizationId }
}

/** The students of one of the organization's courses; any other course is not found. */
async function loadClassList(
	api: Upstream,
	organizationId: string,
	courseId: string,
	page: number,
): Promise<ClassList> {
	const [{ course }, students] = await Promise.all([
		getCourse(api, courseId),
		settle(listCourseStudents(api, courseId, { page, limit: CLASS_LIST_LIMIT })),
	])
	if (course.organizationId !== organizationId) throw data(null, { status: 404 })
	return { course: { id: course.id, title: course.title }, page, students }
}
