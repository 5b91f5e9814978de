import { getCourse } from './api.server'
import { upstream } from '~/platform/request.server'

import type { RouterContextProvider } from 'react-router'

type Context = Readonly<RouterContextProvider>

export async function loadStudentCourseDetails(
	context: Context,
	request: Request,
	params: { courseId: string },
) {
	return getCourse(upstream(context, request), params.courseId)
}
