import { t } from '@lingui/core/macro'
import { lazy } from 'react'
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/whiteboard'
import { loadRoomPage, roomAction } from '~/features/conference/room.server'
import { RoomPage } from '~/features/conference/room-page'

// The board and chat code loads only here, and only in the browser.
const WhiteboardIsland = lazy(() => import('~/features/conference/whiteboard-room.client'))

export function loader({ context, request, params }: Route.LoaderArgs) {
	return loadRoomPage(context, request, params.roomId)
}

export function action({ context, request, params }: Route.ActionArgs) {
	return roomAction(context, request, params.roomId, 'whiteboard')
}

const PRODUCT = 'TutorHub'

export function meta({ loaderData: data }: Route.MetaArgs) {
	const room = data?.room.title
	return [{ title: room ? `${room} | ${PRODUCT}` : t`Whiteboard | TutorHub` }]
}

/** A fresh socket ticket must not reload the page under the board. */
export function shouldRevalidate({
	formData,
	defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
	return formData?.get('intent') === 'ticket' ? false : defaultShouldRevalidate
}

export default function Whiteboard({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<RoomPage
			kind="whiteboard"
			data={loaderData}
			actionData={actionData}
			Island={WhiteboardIsland}
		/>
	)
}
