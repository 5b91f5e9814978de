import { t } from '@lingui/core/macro'
import type { Route } from './+types/schedule-new'
import { NewSessionPage } from '~/features/schedules/session-form-page'
import { createSession, loadNewSession } from '~/features/schedules/session-form.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadNewSession(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
	return createSession(context, request)
}

export function meta() {
	return [{ title: t`New session | TutorHub` }]
}

export default function NewSession({ loaderData, actionData }: Route.ComponentProps) {
	return <NewSessionPage loaderData={loaderData} actionData={actionData} />
}
