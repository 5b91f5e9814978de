import { t } from '@lingui/core/macro'
import type { Route } from './+types/courses'
import { OrganizationCoursesPage } from '~/features/courses/organization-courses-page'
import { loadOrganizationCourses } from '~/features/courses/organization-courses.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadOrganizationCourses(context, request, user.id)
}

export function meta() {
	return [{ title: t`Courses | TutorHub` }]
}

export default function OrganizationCourses({ loaderData }: Route.ComponentProps) {
	return <OrganizationCoursesPage loaderData={loaderData} />
}
