import { t } from '@lingui/core/macro'
import type { Route } from './+types/announcements'
import { AnnouncementBoard } from '~/features/announcements/board'
import {
	announcementBoardAction,
	loadAnnouncementBoard,
} from '~/features/announcements/board.server'

const listPath = '/organization/org/announcement/list'

export function loader({ context, request }: Route.LoaderArgs) {
	return loadAnnouncementBoard(context, request)
}

export function action({ context, request }: Route.ActionArgs) {
	return announcementBoardAction(context, request, { requireCourse: false, listPath })
}

export function meta() {
	return [{ title: t`Announcements | TutorHub` }]
}

export default function OrganizationAnnouncements({
	loaderData,
	actionData,
}: Route.ComponentProps) {
	return <AnnouncementBoard board={loaderData} actionData={actionData} organizationWide />
}
