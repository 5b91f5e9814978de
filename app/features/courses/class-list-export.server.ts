import { fileMiddleware, type FileRouteArgs } from '~/platform/file-response.server'
import { upstream } from '~/platform/request.server'
import { downloadClassListCsv } from './api.server'

/**
 * A course's class list as CSV (`?course=`), for the organization the course is filed under or
 * the teacher who runs it (the area's guard has let the user in); anyone else's course is the area's 403 page (the API decides).
 */
export function classListMiddleware<Args extends FileRouteArgs>() {
	return fileMiddleware<Args>(({ context, request }) => {
		const courseId = new URL(request.url).searchParams.get('course')
		return courseId ? downloadClassListCsv(upstream(context, request), courseId) : null
	})
}
