import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { getCourse } from './api.server'

type Context = Readonly<RouterContextProvider>

export async function loadStudentCourseDetails(
	context: Context,
	request: Request,
	params: { courseId: string },
) {
	return getCourse(upstream(context, request), params.courseId)
}
