import { t } from '@lingui/core/macro'
import type { Route } from './+types/export'
import { ExportPage } from '~/features/scores/export-page'
import { loadExport } from '~/features/scores/exports.server'
import { areaUser } from '~/platform/area-guard.server'
import { upstream } from '~/platform/request.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const user = areaUser(context)
	return { job: await loadExport(upstream(context, request), user.id, params.exportId) }
}

export function meta() {
	return [{ title: t`Export | TutorHub` }]
}

export default function OrganizationExport({ loaderData }: Route.ComponentProps) {
	return <ExportPage job={loaderData.job} />
}
