import { t } from '@lingui/core/macro'
import type { Route } from './+types/exports'
import { ExportsPage } from '~/features/scores/exports-page'
import { loadExports, startExportAction } from '~/features/scores/exports.server'
import { areaUser } from '~/platform/area-guard.server'
import { upstream } from '~/platform/request.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadExports(upstream(context, request), user.id)
}

/** "Prepare the file (CSV)" of score input and result cards posts here; the job's page follows. */
export async function action({ context, request }: Route.ActionArgs) {
	const user = areaUser(context)
	return startExportAction(context, upstream(context, request), request, user.id)
}

export function meta() {
	return [{ title: t`Exports | TutorHub` }]
}

export default function OrganizationExports({ loaderData, actionData }: Route.ComponentProps) {
	return <ExportsPage exports={loaderData.exports} lastResult={actionData} />
}
