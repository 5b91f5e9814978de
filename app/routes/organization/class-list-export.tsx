import type { Route } from './+types/class-list-export'
import { downloadClassListCsv } from '~/features/courses/api.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'
import { requireRole, upstream } from '~/platform/request.server'

/** A course's class list as CSV (?course=, as the courses page names it); another organization's course is the area's 403 page. */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request }) => {
		requireRole(context, request, 'organization')
		const courseId = new URL(request.url).searchParams.get('course')
		return courseId ? downloadClassListCsv(upstream(context, request), courseId) : null
	}),
]

export function loader(args: Route.LoaderArgs) {
	requireRole(args.context, args.request, 'organization')
	return failedFileLoader(args)
}

export default function ClassListExport() {
	return null
}
