import { t } from '@lingui/core/macro'
import { lazy } from 'react'
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/classroom'
import { loadRoomPage, roomAction } from '~/features/conference/room.server'
import { RoomPage } from '~/features/conference/room-page'

// The call, chat and board code loads only here, and only in the browser.
const ClassroomIsland = lazy(() => import('~/features/conference/classroom.client'))

export function loader({ context, request, params }: Route.LoaderArgs) {
	return loadRoomPage(context, request, params.roomId)
}

export function action({ context, request, params }: Route.ActionArgs) {
	return roomAction(context, request, params.roomId, 'classroom')
}

const PRODUCT = 'TutorHub'

export function meta({ loaderData: data }: Route.MetaArgs) {
	const room = data?.room.title
	return [{ title: room ? `${room} | ${PRODUCT}` : t`Classroom | TutorHub` }]
}

/** A fresh socket ticket must not reload the page under a running call. */
export function shouldRevalidate({
	formData,
	defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
	return formData?.get('intent') === 'ticket' ? false : defaultShouldRevalidate
}

export default function Classroom({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<RoomPage kind="classroom" data={loaderData} actionData={actionData} Island={ClassroomIsland} />
	)
}
