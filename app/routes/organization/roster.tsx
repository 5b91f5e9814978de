import { t } from '@lingui/core/macro'
import type { Route } from './+types/roster'
import { RosterPage } from '~/features/roster/roster-page'
import { loadRoster, rosterUploadAction } from '~/features/roster/roster.server'
import { areaUser } from '~/platform/area-guard.server'
import { upstream } from '~/platform/request.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadRoster(upstream(context, request), user.id)
}

export async function action({ context, request }: Route.ActionArgs) {
	const user = areaUser(context)
	return rosterUploadAction(context, upstream(context, request), request, user.id)
}

export function meta() {
	return [{ title: t`Roster | TutorHub` }]
}

export default function OrganizationRoster({ loaderData, actionData }: Route.ComponentProps) {
	return <RosterPage imports={loaderData.imports} lastResult={actionData} />
}
