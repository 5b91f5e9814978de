import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { isRouteErrorResponse } from 'react-router'
import { Link } from '~/ui/link'
import type { Route } from './+types/announcement'
import { loadStudentAnnouncement } from '~/features/announcements/student-announcement.server'
import { StudentAnnouncementPage } from '~/features/announcements/student-announcement-page'
import { RouteError } from '~/ui/error-pages'

export function loader({ context, request, params }: Route.LoaderArgs) {
	return loadStudentAnnouncement(context, request, params)
}

/** The product's name, the same in every language. */
const PRODUCT = 'TutorHub'

export function meta({ loaderData }: Route.MetaArgs) {
	const announcement = loaderData?.announcement.title
	return [{ title: announcement ? `${announcement} | ${PRODUCT}` : t`Announcement | TutorHub` }]
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	if (!isRouteErrorResponse(error) || error.status !== 404)
		return <RouteError error={error} framed />
	return (
		<div className="flex flex-col gap-3">
			<h1 className="text-2xl font-bold">
				<Trans>Announcement not found</Trans>
			</h1>
			<p>
				<Trans>This announcement does not exist or is not addressed to you.</Trans>
			</p>
			<Link to="/studentdashboard/announcements" className="text-indigo-800 underline">
				<Trans>All announcements</Trans>
			</Link>
		</div>
	)
}

export default function StudentAnnouncement({ loaderData }: Route.ComponentProps) {
	return <StudentAnnouncementPage loaderData={loaderData} />
}
