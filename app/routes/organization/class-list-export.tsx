import type { Route } from './+types/class-list-export'
import { classListMiddleware } from '~/features/courses/class-list-export.server'
import { failedFileLoader } from '~/platform/file-response.server'
import { requireRole } from '~/platform/request.server'

/** A course's class list as CSV (?course=, as the courses page names it). */
export const middleware: Route.MiddlewareFunction[] = [
	classListMiddleware<Route.LoaderArgs>('organization'),
]

export function loader(args: Route.LoaderArgs) {
	requireRole(args.context, args.request, 'organization')
	return failedFileLoader(args)
}

export default function ClassListExport() {
	return null
}
