import type { Route } from './+types/announcements'
import { requireRole } from '~/platform/request.server'
import { loadStudentAnnouncements } from '~/features/announcements/student-announcements.server'
import { StudentAnnouncementsPage } from '~/features/announcements/student-announcements-page'

export function loader({ context, request }: Route.LoaderArgs) {
	requireRole(context, request, 'student')
	return loadStudentAnnouncements(context, request)
}

export function meta() {
	return [{ title: 'Announcements | TutorHub' }]
}

export default function StudentAnnouncements({ loaderData }: Route.ComponentProps) {
	return <StudentAnnouncementsPage loaderData={loaderData} />
}
