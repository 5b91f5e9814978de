import { t } from '@lingui/core/macro'
import type { Route } from './+types/announcements'
import { loadStudentAnnouncements } from '~/features/announcements/student-announcements.server'
import { StudentAnnouncementsPage } from '~/features/announcements/student-announcements-page'

export function loader({ context, request }: Route.LoaderArgs) {
	return loadStudentAnnouncements(context, request)
}

export function meta() {
	return [{ title: t`Announcements | TutorHub` }]
}

export default function StudentAnnouncements({ loaderData }: Route.ComponentProps) {
	return <StudentAnnouncementsPage loaderData={loaderData} />
}
