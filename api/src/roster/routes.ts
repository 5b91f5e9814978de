import { randomBytes } from 'node:crypto'
import { accountLimitsOf } from '../account/limits.ts'
import type { Passwords } from '../platform/passwords.ts'
import { ownOrganization } from '../organizations/access.ts'
import { notifyInvited } from '../organizations/invitations.ts'
import type { ApiDeps } from '../platform/context.ts'
import { csvAnswer, fileSlug } from '../platform/csv.ts'
import { ApiError, validationError } from '../platform/errors.ts'
import { runJobAfterAnswer } from '../platform/jobs.ts'
import { answers, ApiRoutes, fileAnswer, formBody, uuidParams } from '../platform/openapi.ts'
import { pagination, toPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { rosterExport } from './export.ts'
import { applyJob, createJob, toJob } from './jobs.ts'
import type { RosterCounts } from './preview.ts'
import {
	failJob,
	failStoppedJobs,
	findJob,
	jobRows,
	listJobs,
	organizationAddressVerified,
	startJob,
} from './repository.ts'
import { readRoster, ROSTER_COLUMNS, ROSTER_FILE_LIMIT, RosterFileError } from './parse.ts'
import {
	rosterImportAnswer,
	rosterImportList,
	rosterImportPage,
	rosterRowsQuery,
	rosterUpload,
} from './schemas.ts'

const NOT_FOUND = 'Import not found'
const FAILED =
	'The import stopped and nothing was changed. Try again; if it fails again, contact us.'
const STOPPED_PARTLY =
	'The import stopped before it finished. Upload the same file again to finish it: the rows it wrote show as already a member or already invited.'
const stoppedAfter = (written: number) =>
	`The import stopped after writing ${written.toLocaleString('en-US')} rows. Upload the same file again to finish it: those rows show as already a member or already invited.`
/** An organization whose own address is not verified mails nobody in bulk (decision 054). */
export const UNVERIFIED =
	"Verify your organization's email address before you import: new people get a mail from TutorHub in your name, so we first need to know the address is yours. Open the link we mailed you (or send it again from the notice at the top of the page), then confirm the import."
const STOPPED = { nothing: FAILED, partly: STOPPED_PARTLY }
/** Set-your-password mails an organization sends an hour when ROSTER_MAILS_PER_HOUR is unset. */
const DEFAULT_MAILS_PER_HOUR = 1000
// Invitation notices are queued a thousand at a time (the outbox's insert has a parameter limit).
const NOTICE_BATCH = 1000

/**
 * Roster import and export (issue 31, docs/decisions/039): the template, the current roster as
 * CSV, an upload that stores a preview job, its rows, and confirming it, which applies the job
 * after the answer while the page polls its status.
 */
export function rosterRoutes(deps: ApiDeps, passwords: Passwords) {
	const { db } = deps
	const requireAccount = accountGuard(deps)
	const limits = accountLimitsOf(deps)
	const mailsPerHour = deps.config.rosterMailsPerHour ?? DEFAULT_MAILS_PER_HOUR

	return new ApiRoutes(deps.config, 'roster')
		.endpoint(
			{
				method: 'get',
				path: '/{id}/roster/template',
				operationId: 'downloadRosterTemplate',
				summary: "The roster file's template: its columns and an example row",
				middleware: requireAccount(),
				request: { params: uuidParams('id') },
				responses: answers({ 200: fileAnswer('text/csv') }),
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
				responses: answers({ 200: fileAnswer('text/csv') }),
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
				responses: answers({ 200: rosterImportList }),
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
				responses: answers({ 201: rosterImportAnswer }),
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
					throw validationError([{ path: 'file', msg: error.message }])
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
				responses: answers({ 200: rosterImportPage }),
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
						rows,
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
				responses: answers({ 202: rosterImportAnswer }),
			},
			async (c) => {
				const organization = await ownOrganization(db, c)
				const { importId } = c.req.valid('param')
				if (!(await organizationAddressVerified(db, organization.id))) {
					if (!(await findJob(db, organization.id, importId))) throw new ApiError(404, NOT_FOUND)
					throw new ApiError(403, UNVERIFIED)
				}
				const started = await startJob(db, organization.id, importId)
				if (!started) {
					if (!(await findJob(db, organization.id, importId))) throw new ApiError(404, NOT_FOUND)
					throw new ApiError(409, 'This import was already confirmed')
				}
				// What the job has written so far: a failure's words say whether anything was.
				let written = 0
				runJobAfterAnswer({
					kind: 'roster-import',
					id: started.id,
					run: () =>
						runJob(organization, started.id, (counts) => {
							written = counts.create + counts.invite
						}),
					fail: () => failJob(db, started.id, written === 0 ? FAILED : stoppedAfter(written)),
				})
				return c.json({ message: 'Import started', import: toJob(started) }, 202)
			},
		)

	async function runJob(
		organization: { id: string; name: string },
		jobId: string,
		progress: (counts: RosterCounts) => void,
	) {
		// One hash for the whole file: nobody knows its secret, so no new account opens with it.
		const passwordHash = await passwords.hash(randomBytes(32).toString('base64url'))
		const { invitedStudents } = await applyJob(db, organization, jobId, {
			publicUrl: deps.config.publicUrl ?? 'http://localhost:3000',
			passwordHash,
			mailsPerHour,
			invitationsPerHour: limits.invitationsPerHour,
			takeInvitations: (wanted) => limits.takeInvitations(organization.id, wanted),
			progress,
		})
		// Each address hears of invitations as from the Students page: within its share of mails
		// someone else causes (decision 029); the invitation waits on the dashboard either way.
		const mailed: string[] = []
		for (const student of invitedStudents) {
			if (await limits.mayMail(student.email)) mailed.push(student.id)
		}
		for (let at = 0; at < mailed.length; at += NOTICE_BATCH) {
			notifyInvited(deps, organization, mailed.slice(at, at + NOTICE_BATCH))
		}
	}
}
