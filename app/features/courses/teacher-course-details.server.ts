import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import type { SessionUser } from '~/platform/session.server'
import { getCourse } from './api.server'
import { sampleCourse } from './sample-course'

type Context = Readonly<RouterContextProvider>

/** `?courseId=` shows that course; without it, the built-in sample course (spec section 2). */
export async function loadTeacherCourseDetails(
	context: Context,
	request: Request,
	user: SessionUser,
) {
	const courseId = new URL(request.url).searchParams.get('courseId')
	if (!courseId) return { course: sampleCourse, sample: true, own: false }
	const { course } = await getCourse(upstream(context, request), courseId)
	return { course, sample: false, own: course.teacherId === user.id }
}
