import type { Route } from './+types/export'
import { ExportPage } from '~/features/exports/export-page'
import { loadExport } from '~/features/exports/exports.server'
import { requireRole, upstream } from '~/platform/request.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'organization')
	return { job: await loadExport(upstream(context, request), user.id, params.exportId) }
}

export function meta() {
	return [{ title: 'Export | TutorHub' }]
}

export default function OrganizationExport({ loaderData }: Route.ComponentProps) {
	return <ExportPage job={loaderData.job} />
}
