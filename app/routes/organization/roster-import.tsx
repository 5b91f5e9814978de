import { t } from '@lingui/core/macro'
import type { Route } from './+types/roster-import'
import { RosterImportPage } from '~/features/roster/import-page'
import { loadRosterImport, rosterConfirmAction } from '~/features/roster/roster.server'
import { areaUser } from '~/platform/area-guard.server'
import { upstream } from '~/platform/request.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadRosterImport(upstream(context, request), user.id, params.importId, request)
}

export async function action({ context, request, params }: Route.ActionArgs) {
	const user = areaUser(context)
	return rosterConfirmAction(context, upstream(context, request), request, user.id, params.importId)
}

export function meta() {
	return [{ title: t`Roster import | TutorHub` }]
}

export default function OrganizationRosterImport({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<RosterImportPage
			job={loaderData.import}
			rows={loaderData.rows}
			pagination={loaderData.pagination}
			errorsOnly={loaderData.errorsOnly}
			limits={loaderData.limits}
			timeZone={loaderData.timeZone}
			lastResult={actionData}
		/>
	)
}
