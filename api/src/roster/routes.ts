import { accountLimitsOf } from '../account/limits.ts'
import type { Passwords } from '../platform/passwords.ts'
import {
	NOT_OWN_ORGANIZATION,
	ORGANIZATION_NOT_FOUND,
	ownOrganization,
} from '../organizations/access.ts'
import type { ApiDeps } from '../platform/context.ts'
import { csvAnswer, fileSlug } from '../platform/csv.ts'
import { ApiError, MESSAGES, validationError } from '../platform/errors.ts'
import { requestSpeaker } from '../platform/i18n.ts'
import { answers, ApiRoutes, fileAnswer, formBody, uuidParams } from '../platform/openapi.ts'
import { pagination, toPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { rosterExport } from './export.ts'
import { createJob, toJob } from './jobs.ts'
import { confirmImport, mailsPerHourOf, NOT_FOUND, STOPPED } from './confirm.ts'
import { sayRows, type RosterCounts } from './preview.ts'
import {
	failStoppedJobs,
	findJob,
	jobRows,
	listJobs,
	organizationAddressVerified,
} from './repository.ts'
import { readRoster, ROSTER_COLUMNS, ROSTER_FILE_LIMIT, RosterFileError } from './parse.ts'
import {
	rosterImportAnswer,
	rosterImportList,
	rosterImportPage,
	rosterRowsQuery,
	rosterUpload,
} from './schemas.ts'

/**
 * Roster import and export (issue 31, docs/decisions/039): the template, the current roster as
 * CSV, an upload that stores a preview job, its rows, and confirming it, which applies the job
 * after the answer while the page polls its status.
 */
export function rosterRoutes(deps: ApiDeps, passwords: Passwords) {
	const { db } = deps
	const requireAccount = accountGuard(deps)
	const limits = accountLimitsOf(deps)
	const mailsPerHour = mailsPerHourOf(deps)

	return new ApiRoutes(deps.config, 'roster')
		.endpoint(
			{
				method: 'get',
				path: '/{id}/roster/template',
				operationId: 'downloadRosterTemplate',
				summary: "The roster file's template: its columns and an example row",
				middleware: requireAccount(),
				request: { params: uuidParams('id') },
				description:
					"The organization itself: the roster file's template as CSV (UTF-8 with a byte order mark): the columns `role, first name, last name, email, department, student number` and an example row.",
				responses: answers({ 200: fileAnswer('text/csv') }, NOT_OWN_ORGANIZATION),
			},
			async (c) => {
				await ownOrganization(db, c)
				return csvAnswer(
					c,
					'roster-template.csv',
					[...ROSTER_COLUMNS],
					[['student', 'Ada', 'Lovelace', 'ada@example.com', 'Mathematics', 'S-0001']],
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/{id}/roster/export',
				operationId: 'downloadRosterFile',
				summary: "The organization's roster in the template's format",
				middleware: requireAccount(),
				request: { params: uuidParams('id') },
				description: "The organization itself: its members in the template's columns, as CSV.",
				responses: answers({ 200: fileAnswer('text/csv') }, NOT_OWN_ORGANIZATION),
			},
			async (c) => {
				const organization = await ownOrganization(db, c)
				const rows = await rosterExport(db, organization.id)
				return csvAnswer(
					c,
					`${fileSlug(organization.name, 'organization')}-roster.csv`,
					[...ROSTER_COLUMNS],
					rows,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/{id}/roster/imports',
				operationId: 'getRosterImports',
				summary: 'The latest imports',
				middleware: requireAccount(),
				request: { params: uuidParams('id') },
				description: 'The organization itself: its last ten imports.',
				responses: answers({ 200: rosterImportList }, NOT_OWN_ORGANIZATION),
			},
			async (c) => {
				const organization = await ownOrganization(db, c)
				await failStoppedJobs(db, organization.id, STOPPED)
				return c.json({ imports: (await listJobs(db, organization.id)).map(toJob) }, 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/{id}/roster/imports',
				operationId: 'uploadRoster',
				summary: 'Upload a roster CSV (a form): its preview, stored as an import not yet run',
				middleware: requireAccount(),
				request: { params: uuidParams('id'), body: formBody(rosterUpload) },
				description:
					"The organization uploads a roster (multipart `file`, at most 2 MB and 10,000 rows): it is read and its preview stored as an import not yet run. A row's problem is that row's error, not the file's: a cell with a control character (`First name contains a character that is not allowed`), a role other than `student` or `teacher`, or invitations beyond what is left of the organization's 50 an hour (decision 054).",
				responses: answers(
					{ 201: rosterImportAnswer },
					{
						400: [
							{ path: 'file', msg: 'Choose a CSV file to upload' },
							{ path: 'file', msg: 'The file is too large (max 2 MB)' },
							{
								path: 'file',
								msg: 'The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again',
							},
							{ path: 'file', msg: 'The file is not a readable CSV: <why>' },
							{ path: 'file', msg: 'The file is empty: fill in the template and upload it' },
							{
								path: 'file',
								msg: "The first line must name the template's columns: role, first name, last name, email, department, student number (student number may be left out)",
							},
							{ path: 'file', msg: 'The file has no rows under its header' },
							{
								path: 'file',
								msg: 'The file has <n> rows: at most 10,000 can be imported at once',
							},
						],
						403: MESSAGES.forbidden,
						404: ORGANIZATION_NOT_FOUND,
					},
				),
			},
			async (c) => {
				const organization = await ownOrganization(db, c)
				const { file } = c.req.valid('form')
				if (!(file instanceof File) || file.size === 0) {
					throw validationError([{ path: 'file', msg: 'Choose a CSV file to upload' }])
				}
				if (file.size > ROSTER_FILE_LIMIT) {
					throw validationError([{ path: 'file', msg: 'The file is too large (max 2 MB)' }])
				}
				let lines
				try {
					lines = readRoster(new Uint8Array(await file.arrayBuffer()))
				} catch (error) {
					if (!(error instanceof RosterFileError)) throw error
					throw validationError([{ path: 'file', msg: error.said }])
				}
				const job = await createJob(
					db,
					organization.id,
					file.name.slice(0, 200) || 'roster.csv',
					lines,
					{
						left: await limits.invitationsLeft(organization.id),
						perHour: limits.invitationsPerHour,
					},
				)
				return c.json({ message: 'Roster read: check the preview', import: toJob(job) }, 201)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/{id}/roster/imports/{importId}',
				operationId: 'getRosterImport',
				summary: 'An import and a page of its rows (all, or those with an error)',
				middleware: requireAccount(),
				request: { params: uuidParams('id', 'importId'), query: rosterRowsQuery },
				description:
					"The organization itself: an import and a page of its rows (`show=errors`: only those with an error), each row's `outcome` being `create`, `invite`, `member`, `invited` or `error`. `limits` says whether the organization's own address is verified (which confirming needs) and its mails and invitations an hour; `mailsUntil` is when the last set-your-password mail goes.",
				responses: answers(
					{ 200: rosterImportPage },
					{ 403: MESSAGES.forbidden, 404: [ORGANIZATION_NOT_FOUND, 'Import not found'] },
				),
			},
			async (c) => {
				const organization = await ownOrganization(db, c)
				await failStoppedJobs(db, organization.id, STOPPED)
				const job = await findJob(db, organization.id, c.req.valid('param').importId)
				if (!job) throw new ApiError(404, NOT_FOUND)
				const query = c.req.valid('query')
				const page = toPage(query)
				const errorsOnly = query.show === 'errors'
				const [rows, addressVerified] = await Promise.all([
					jobRows(db, job.id, { ...page, errorsOnly }),
					organizationAddressVerified(db, organization.id),
				])
				// Rows the run decided otherwise (over the hour's invitations) are errors in the end.
				const counts = (job.result ?? job.counts) as RosterCounts
				const total = errorsOnly ? (counts.error ?? 0) : (counts.rows ?? 0)
				return c.json(
					{
						import: toJob(job),
						rows: sayRows(rows, requestSpeaker(c.req.header('Accept-Language'))),
						pagination: pagination(total, page),
						limits: {
							addressVerified,
							mailsPerHour,
							invitationsPerHour: limits.invitationsPerHour,
						},
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/{id}/roster/imports/{importId}/confirm',
				operationId: 'confirmRosterImport',
				summary: 'Apply an import: it runs after the answer; its status says when it is done',
				middleware: requireAccount(),
				request: { params: uuidParams('id', 'importId') },
				description:
					"The organization applies an import: 202, and a job applies every valid row after the answer, 100 rows a transaction (`result` counts what is written so far), then `status` is `done` or `failed` (its `error` says whether any rows were written; the same file again finishes it). Invitations count against the organization's 50 an hour; set-your-password mails go at most `ROSTER_MAILS_PER_HOUR` (1,000) an hour per organization, the rest wait in the outbox (decisions 039, 054).",
				responses: answers(
					{ 202: rosterImportAnswer },
					{
						403: [
							MESSAGES.forbidden,
							"Verify your organization's email address before you import: new people get a mail from TutorHub in your name, so we first need to know the address is yours. Open the link we mailed you (or send it again from the notice at the top of the page), then confirm the import.",
						],
						404: [ORGANIZATION_NOT_FOUND, 'Import not found'],
						409: 'This import was already confirmed',
					},
				),
			},
			async (c) => {
				const organization = await ownOrganization(db, c)
				const { importId } = c.req.valid('param')
				const started = await confirmImport(deps, passwords, organization, importId)
				return c.json({ message: 'Import started', import: toJob(started) }, 202)
			},
		)
}
