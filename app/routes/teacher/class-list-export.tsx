import type { Route } from './+types/class-list-export'
import { classListMiddleware } from '~/features/courses/class-list-export.server'
import { failedFileLoader } from '~/platform/file-response.server'

/** A course's class list as CSV (?course=, from the teacher's course list). */
export const middleware: Route.MiddlewareFunction[] = [classListMiddleware<Route.LoaderArgs>()]

export function loader(args: Route.LoaderArgs) {
	return failedFileLoader(args)
}

export default function ClassListExport() {
	return null
}
