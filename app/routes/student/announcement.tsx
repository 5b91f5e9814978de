import { isRouteErrorResponse } from 'react-router'
import { Link } from '~/ui/link'
import type { Route } from './+types/announcement'
import { loadStudentAnnouncement } from '~/features/announcements/student-announcement.server'
import { StudentAnnouncementPage } from '~/features/announcements/student-announcement-page'
import { RouteError } from '~/ui/error-pages'

export function loader({ context, request, params }: Route.LoaderArgs) {
	return loadStudentAnnouncement(context, request, params)
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: `${loaderData?.announcement.title ?? 'Announcement'} | TutorHub` }]
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	if (!isRouteErrorResponse(error) || error.status !== 404)
		return <RouteError error={error} framed />
	return (
		<div className="flex flex-col gap-3">
			<h1 className="text-2xl font-bold">Announcement not found</h1>
			<p>This announcement does not exist or is not addressed to you.</p>
			<Link to="/studentdashboard/announcements" className="text-indigo-800 underline">
				All announcements
			</Link>
		</div>
	)
}

export default function StudentAnnouncement({ loaderData }: Route.ComponentProps) {
	return <StudentAnnouncementPage loaderData={loaderData} />
}
