import type { createUpstream } from '~/platform/upstream.server'
import { exportJobAnswerSchema, exportJobListSchema, type ExportKind } from './schema'

type Upstream = ReturnType<typeof createUpstream>

const exportsPath = (organizationId: string) =>
	`/organizations/${encodeURIComponent(organizationId)}/exports`
const exportPath = (organizationId: string, exportId: string) =>
	`${exportsPath(organizationId)}/${encodeURIComponent(exportId)}`

/** The latest exports and the term size (students) above which a file is made in the background. */
export function getExports(api: Upstream, organizationId: string) {
	return api.get(exportsPath(organizationId), {
		schema: exportJobListSchema,
		fallback: 'Failed to fetch exports',
		cache: false,
	})
}

export function startExport(
	api: Upstream,
	organizationId: string,
	job: { kind: ExportKind; term: string },
) {
	return api.send('POST', exportsPath(organizationId), {
		json: job,
		schema: exportJobAnswerSchema,
		fallback: 'Failed to start the export',
	})
}

/** Never cached: the job page polls its status. */
export function getExport(api: Upstream, organizationId: string, exportId: string) {
	return api.get(exportPath(organizationId, exportId), {
		schema: exportJobAnswerSchema,
		fallback: 'Failed to fetch the export',
		cache: false,
	})
}

/** A finished export's CSV file, streamed from the API's storage. */
export function downloadExport(api: Upstream, organizationId: string, exportId: string) {
	return api.stream(`${exportPath(organizationId, exportId)}/file`, {
		fallback: 'Failed to fetch the file',
	})
}
