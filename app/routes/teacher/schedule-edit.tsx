import { t } from '@lingui/core/macro'
import type { Route } from './+types/schedule-edit'
import { EditSessionPage } from '~/features/schedules/session-form-page'
import { loadSessionToEdit, updateSession } from '~/features/schedules/session-form.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadSessionToEdit(context, request, user.id, params.scheduleId)
}

export async function action({ context, request, params }: Route.ActionArgs) {
	return updateSession(context, request, params.scheduleId)
}

export function meta() {
	return [{ title: t`Edit session | TutorHub` }]
}

export default function EditSession({ loaderData, actionData }: Route.ComponentProps) {
	return <EditSessionPage loaderData={loaderData} actionData={actionData} />
}
