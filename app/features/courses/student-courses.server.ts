import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { listEnrolledCourses } from './api.server'
import { readCatalogueQuery } from './schema'

type Context = Readonly<RouterContextProvider>

export async function loadStudentCourses(context: Context, request: Request) {
	const { page } = readCatalogueQuery(new URL(request.url))
	const courses = await settle(listEnrolledCourses(upstream(context, request), { page }))
	return { page, courses }
}
