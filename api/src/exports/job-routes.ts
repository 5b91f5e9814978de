import {
	NOT_OWN_ORGANIZATION,
	ORGANIZATION_NOT_FOUND,
	ownOrganization,
} from '../organizations/access.ts'
import type { ApiDeps } from '../platform/context.ts'
import { csvFileAnswer } from '../platform/csv.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { requestSpeaker, sayAnswer } from '../platform/i18n.ts'
import { answers, ApiRoutes, fileAnswer, jsonBody, uuidParams } from '../platform/openapi.ts'
import { accountGuard } from '../platform/require-account.ts'
import {
	DEFAULT_EXPORT_STREAM_LIMIT,
	EXPORT_FAILED,
	EXPORT_KEEP_DAYS,
	EXPORT_STOPPED_MINUTES,
	runExportJob,
	toExportJob,
} from './jobs.ts'
import { failStoppedExportJobs, listExportJobs, queueExportJob } from './repository.ts'
import { exportJobAnswer, exportJobList, exportStart } from './schemas.ts'
import { ownJob } from './access.ts'

/**
 * Background exports of a big term (issue 28, decision 046), mounted under `/organizations`: the
 * score grid or result cards of a term with more students than EXPORT_STREAM_LIMIT are made by a
 * job into storage, then downloaded; the streamed `…/export` calls serve smaller terms.
 */
export function exportJobRoutes(deps: ApiDeps) {
	const { db, config, storage } = deps
	const requireAccount = accountGuard(deps)
	const streamLimit = config.exportStreamLimit ?? DEFAULT_EXPORT_STREAM_LIMIT

	return new ApiRoutes(config, 'exports')
		.endpoint(
			{
				method: 'get',
				path: '/{id}/exports',
				operationId: 'getExports',
				summary: 'The latest background exports, and the term size above which one is made',
				middleware: requireAccount(),
				request: { params: uuidParams('id') },
				description:
					"That organization only: its last ten background exports, `streamLimit` (the term size in students above which the app asks for one: `EXPORT_STREAM_LIMIT`, 20,000 by default) and `keepDays` (a finished job and its file are removed 7 days after it finished). A big term's file is made in the background because it cannot be streamed within a request's time (decision 046).",
				responses: answers({ 200: exportJobList }, NOT_OWN_ORGANIZATION),
			},
			async (c) => {
				const organization = await ownOrganization(db, c)
				const rows = await listExportJobs(db, organization.id)
				return c.json(
					{
						streamLimit,
						keepDays: EXPORT_KEEP_DAYS,
						exports: rows.map((row) => toExportJob(organization.id, row)),
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/{id}/exports',
				operationId: 'startExport',
				summary:
					"Start making a term's score grid or result cards as a file; the job under way for the same term and kind is answered instead of a second",
				middleware: requireAccount(),
				request: { params: uuidParams('id'), body: jsonBody(exportStart) },
				description:
					"That organization only: starts making a term's score grid or result cards (`kind`) as a file, 202. A job writes the same bytes as the streamed call for the same term to the API's storage (never served by `/files/{key}`), then mails the organization a link to its page. While a job of the same organization, kind and term is queued or running, that job is answered (`This export is already being prepared`): a unique index makes two clicks one job. A finished one is not reused.",
				responses: answers({ 202: exportJobAnswer }, NOT_OWN_ORGANIZATION),
			},
			async (c) => {
				const organization = await ownOrganization(db, c)
				const { kind, term } = c.req.valid('json')
				await failStoppedExportJobs(db, organization.id, EXPORT_FAILED, EXPORT_STOPPED_MINUTES)
				const { job, created } = await queueExportJob(
					db,
					organization.id,
					kind,
					term,
					requestSpeaker(c.req.header('Accept-Language')).language,
				)
				if (created) runExportJob(deps, organization, job.id)
				return c.json(
					sayAnswer(
						{
							message: created ? 'Export started' : 'This export is already being prepared',
							export: toExportJob(organization.id, job),
						},
						c.req.header('Accept-Language'),
					),
					202,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/{id}/exports/{exportId}',
				operationId: 'getExport',
				summary: 'A background export: its status, counts and, when done, its download',
				middleware: requireAccount(),
				request: { params: uuidParams('id', 'exportId') },
				description:
					"That organization only: a job's `status` (`queued`, `running`, `done`, `failed`), its counts and, when done, its `download` call. A job not finished an hour after it was queued (its API process stopped) reads as `failed` and can be started again.",
				responses: answers(
					{ 200: exportJobAnswer },
					{ 403: MESSAGES.forbidden, 404: [ORGANIZATION_NOT_FOUND, 'Export not found'] },
				),
			},
			async (c) => {
				const organization = await ownOrganization(db, c)
				const job = await ownJob(db, organization.id, c.req.valid('param').exportId)
				const message = { done: 'Export ready', failed: 'Export failed' }[job.status as string]
				return c.json(
					{
						message: message ?? 'Export under way',
						export: toExportJob(organization.id, job),
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/{id}/exports/{exportId}/file',
				operationId: 'downloadExport',
				summary: "A finished background export's CSV file",
				middleware: requireAccount(),
				request: { params: uuidParams('id', 'exportId') },
				description:
					"That organization only: a finished export's CSV file, as the streamed call gives it (same headers, and `Content-Length`).",
				responses: answers(
					{ 200: fileAnswer('text/csv') },
					{
						403: MESSAGES.forbidden,
						404: [ORGANIZATION_NOT_FOUND, 'Export not found', 'Export file not found'],
					},
				),
			},
			async (c) => {
				const organization = await ownOrganization(db, c)
				const job = await ownJob(db, organization.id, c.req.valid('param').exportId)
				const file = job.status === 'done' && job.file_key ? await storage.get(job.file_key) : null
				if (!file || !job.file_name) throw new ApiError(404, 'Export file not found')
				return csvFileAnswer(c, job.file_name, file.body, file.size)
			},
		)
}
