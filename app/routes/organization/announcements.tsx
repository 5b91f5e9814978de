import type { Route } from './+types/announcements'
import { AnnouncementBoard } from '~/features/announcements/board'
import {
	announcementBoardAction,
	loadAnnouncementBoard,
} from '~/features/announcements/board.server'
import { requireRole } from '~/platform/request.server'

const listPath = '/organization/org/announcement/list'

export function loader({ context, request }: Route.LoaderArgs) {
	requireRole(context, request, 'organization')
	return loadAnnouncementBoard(context, request)
}

export function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'organization')
	return announcementBoardAction(context, request, { requireCourse: false, listPath })
}

export function meta() {
	return [{ title: 'Announcements | TutorHub' }]
}

export default function OrganizationAnnouncements({
	loaderData,
	actionData,
}: Route.ComponentProps) {
	return <AnnouncementBoard board={loaderData} actionData={actionData} organizationWide />
}
