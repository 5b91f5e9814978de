import type { Route } from './+types/exports'
import { ExportsPage } from '~/features/exports/exports-page'
import { loadExports, startExportAction } from '~/features/exports/exports.server'
import { requireRole, upstream } from '~/platform/request.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'organization')
	return loadExports(upstream(context, request), user.id)
}

/** "Prepare the file (CSV)" of score input and result cards posts here; the job's page follows. */
export async function action({ context, request }: Route.ActionArgs) {
	const user = requireRole(context, request, 'organization')
	return startExportAction(context, upstream(context, request), request, user.id)
}

export function meta() {
	return [{ title: 'Exports | TutorHub' }]
}

export default function OrganizationExports({ loaderData, actionData }: Route.ComponentProps) {
	return <ExportsPage exports={loaderData.exports} lastResult={actionData} />
}
