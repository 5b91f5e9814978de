import { t } from '@lingui/core/macro'
import type { createUpstream } from '~/platform/upstream.server'
import {
	analyticsSchema,
	resultCardListSchema,
	resultCardSchema,
	scoreListSchema,
	scoresSavedSchema,
	type ScoreChange,
	exportJobAnswerSchema,
	exportJobListSchema,
	type ExportKind,
} from './schema'
import { z } from 'zod'

// Answer shapes built once: the upstream client parses a cached answer once per schema.
const resultCardAnswer = z.object({ resultCard: resultCardSchema })

type Upstream = ReturnType<typeof createUpstream>

// Score input, result cards and analytics: calls the spec leaves unshown, designed in
// api/README.md. Fallback texts follow the spec's pattern.

const base = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}`

export function getScores(
	api: Upstream,
	organizationId: string,
	filters: {
		term?: string
		subject?: string
		/** Only these students' scores: a page of the grid; none for the terms and subjects alone. */
		studentIds?: string[]
		page?: number
		limit?: number
	} = {},
) {
	return api.get(`${base(organizationId)}/scores`, {
		query: {
			...(filters.term && { term: filters.term }),
			...(filters.subject && { subject: filters.subject }),
			...(filters.studentIds && { studentIds: filters.studentIds.join(',') }),
			page: filters.page,
			limit: filters.limit,
		},
		schema: scoreListSchema,
		fallback: t`Failed to fetch scores`,
		retry: true,
	})
}

export function saveScores(
	api: Upstream,
	organizationId: string,
	term: string,
	scores: ScoreChange[],
) {
	return api.send('PUT', `${base(organizationId)}/scores`, {
		json: { term, scores },
		schema: scoresSavedSchema,
		fallback: t`Failed to save scores`,
	})
}

/** Without a term, the latest term's cards; one page of them (by student name) when `page` is given. */
export function getResultCards(
	api: Upstream,
	organizationId: string,
	term?: string,
	page?: { page: number; limit: number },
) {
	return api.get(`${base(organizationId)}/result-cards`, {
		query: { term, page: page?.page, limit: page?.limit },
		schema: resultCardListSchema,
		fallback: t`Failed to fetch result cards`,
		retry: true,
	})
}

export async function getResultCard(
	api: Upstream,
	organizationId: string,
	studentId: string,
	term: string,
) {
	const { resultCard } = await api.get(
		`${base(organizationId)}/result-cards/${encodeURIComponent(studentId)}`,
		{
			query: { term },
			schema: resultCardAnswer,
			fallback: t`Failed to fetch result card`,
		},
	)
	return resultCard
}

export function getAnalytics(api: Upstream, organizationId: string, term?: string) {
	return api.get(`${base(organizationId)}/analytics`, {
		query: term ? { term } : {},
		schema: analyticsSchema,
		fallback: t`Failed to fetch analytics`,
		retry: true,
	})
}

/** The score grid of a term (the latest without one) as a CSV file (issue 19). */
export function downloadScoresCsv(api: Upstream, organizationId: string, term: string | null) {
	return api.stream(`${base(organizationId)}/scores/export`, {
		query: term ? { term } : {},
		fallback: t`Failed to fetch scores`,
	})
}

/** The result cards of a term (the latest without one) as a CSV file. */
export function downloadResultCardsCsv(api: Upstream, organizationId: string, term: string | null) {
	return api.stream(`${base(organizationId)}/result-cards/export`, {
		query: term ? { term } : {},
		fallback: t`Failed to fetch result cards`,
	})
}

const exportsPath = (organizationId: string) =>
	`/organizations/${encodeURIComponent(organizationId)}/exports`
const exportPath = (organizationId: string, exportId: string) =>
	`${exportsPath(organizationId)}/${encodeURIComponent(exportId)}`

/** The latest exports and the term size (students) above which a file is made in the background. */
export function getExports(api: Upstream, organizationId: string) {
	return api.get(exportsPath(organizationId), {
		schema: exportJobListSchema,
		fallback: t`Failed to fetch exports`,
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
		fallback: t`Failed to start the export`,
	})
}

/** Never cached: the job page polls its status. */
export function getExport(api: Upstream, organizationId: string, exportId: string) {
	return api.get(exportPath(organizationId, exportId), {
		schema: exportJobAnswerSchema,
		fallback: t`Failed to fetch the export`,
		cache: false,
	})
}

/** A finished export's CSV file, streamed from the API's storage. */
export function downloadExport(api: Upstream, organizationId: string, exportId: string) {
	return api.stream(`${exportPath(organizationId, exportId)}/file`, {
		fallback: t`Failed to fetch the file`,
	})
}
