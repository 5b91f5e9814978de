import type { Route } from './+types/schedule-new'
import { NewSessionPage } from '~/features/schedules/session-form-page'
import { createSession, loadNewSession } from '~/features/schedules/session-form.server'
import { requireRole } from '~/platform/request.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	requireRole(context, request, 'tutor')
	return loadNewSession(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'tutor')
	return createSession(context, request)
}

export function meta() {
	return [{ title: 'New session | TutorHub' }]
}

export default function NewSession({ loaderData, actionData }: Route.ComponentProps) {
	return <NewSessionPage loaderData={loaderData} actionData={actionData} />
}
