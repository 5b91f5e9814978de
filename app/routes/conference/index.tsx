import { t } from '@lingui/core/macro'
import { data } from 'react-router'
import type { Route } from './+types/index'
import { LiveRoomsPage } from '~/features/conference/rooms-page'
import { loadLiveRooms, startRoomAction } from '~/features/conference/rooms.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadLiveRooms(context, request, user)
}

export async function action({ context, request }: Route.ActionArgs) {
	// Only a teacher starts a room; the others may read the list.
	if (areaUser(context).role !== 'tutor') throw data(null, { status: 403 })
	return startRoomAction(context, request)
}

export function meta() {
	return [{ title: t`Live rooms | TutorHub` }]
}

export default function LiveRooms({ loaderData, actionData }: Route.ComponentProps) {
	return <LiveRoomsPage loaderData={loaderData} actionData={actionData} />
}
