import { t } from '@lingui/core/macro'
import { staleAfter } from '~/platform/cache-invalidation.server'
import type { createUpstream } from '~/platform/upstream.server'
import {
	rosterImportAnswerSchema,
	rosterImportListSchema,
	rosterImportPageSchema,
	ROSTER_ROWS_PER_PAGE,
} from './schema'

type Upstream = ReturnType<typeof createUpstream>

const rosterPath = (organizationId: string) =>
	`/organizations/${encodeURIComponent(organizationId)}/roster`
const importPath = (organizationId: string, importId: string) =>
	`${rosterPath(organizationId)}/imports/${encodeURIComponent(importId)}`

export function uploadRoster(api: Upstream, organizationId: string, file: File) {
	const form = new FormData()
	form.set('file', file)
	return api.send('POST', `${rosterPath(organizationId)}/imports`, {
		form,
		schema: rosterImportAnswerSchema,
		fallback: t`Failed to read the roster`,
	})
}

/** Never cached: the job page polls its status. */
export function getRosterImports(api: Upstream, organizationId: string) {
	return api.get(`${rosterPath(organizationId)}/imports`, {
		schema: rosterImportListSchema,
		fallback: t`Failed to fetch imports`,
		cache: false,
	})
}

export function getRosterImport(
	api: Upstream,
	organizationId: string,
	importId: string,
	{ page, errorsOnly }: { page: number; errorsOnly: boolean },
) {
	return api.get(importPath(organizationId, importId), {
		query: { page, limit: ROSTER_ROWS_PER_PAGE, ...(errorsOnly && { show: 'errors' }) },
		schema: rosterImportPageSchema,
		fallback: t`Failed to fetch the import`,
		cache: false,
	})
}

export function confirmRosterImport(api: Upstream, organizationId: string, importId: string) {
	return api.send('POST', `${importPath(organizationId, importId)}/confirm`, {
		schema: rosterImportAnswerSchema,
		fallback: t`Failed to start the import`,
		invalidates: staleAfter.membership,
	})
}

/** The template (its columns and an example row) or the roster itself, as CSV. */
/** The roster's template, or its members in the template's columns. */
export const downloadRosterFile = (
	api: Upstream,
	organizationId: string,
	file: 'template' | 'export',
) =>
	file === 'template'
		? downloadRosterTemplate(api, organizationId)
		: api.stream(`${rosterPath(organizationId)}/export`, {
				fallback: t`Failed to fetch the roster`,
			})

export const downloadRosterTemplate = (api: Upstream, organizationId: string) =>
	api.stream(`${rosterPath(organizationId)}/template`, {
		fallback: t`Failed to fetch the template`,
	})
