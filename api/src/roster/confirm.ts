import { randomBytes } from 'node:crypto'
import { accountLimitsOf } from '../account/limits.ts'
import { notifyInvited } from '../organizations/invitations.ts'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError, refusalCode } from '../platform/errors.ts'
import { runJobAfterAnswer } from '../platform/jobs.ts'
import type { Passwords } from '../platform/passwords.ts'
import { applyJob } from './jobs.ts'
import {
	failJob,
	findJob,
	organizationAddressVerified,
	startJob,
	type RosterCounts,
} from './repository.ts'

// Confirming an import, and the job that applies it after the answer (moved from
// roster/routes.ts, decision 060).

export const NOT_FOUND = 'Import not found'
export const FAILED =
	'The import stopped and nothing was changed. Try again; if it fails again, contact us.'
export const STOPPED_PARTLY =
	'The import stopped before it finished. Upload the same file again to finish it: the rows it wrote show as already a member or already invited.'
const stoppedAfter = (written: number) =>
	`The import stopped after writing ${written.toLocaleString('en-US')} rows. Upload the same file again to finish it: those rows show as already a member or already invited.`
/** An organization whose own address is not verified mails nobody in bulk (decision 054). */
export const UNVERIFIED =
	"Verify your organization's email address before you import: new people get a mail from TutorHub in your name, so we first need to know the address is yours. Open the link we mailed you (or send it again from the notice at the top of the page), then confirm the import."
// A refusal a client tells apart by its code (decision 072).
refusalCode(UNVERIFIED, 'email_not_verified')
export const STOPPED = { nothing: FAILED, partly: STOPPED_PARTLY }
/** Set-your-password mails an organization sends an hour when ROSTER_MAILS_PER_HOUR is unset. */
const DEFAULT_MAILS_PER_HOUR = 1000
// Invitation notices are queued a thousand at a time (the outbox's insert has a parameter limit).
const NOTICE_BATCH = 1000

/** The set-your-password mails an organization may send an hour. */
export const mailsPerHourOf = (deps: Pick<ApiDeps, 'config'>) =>
	deps.config.rosterMailsPerHour ?? DEFAULT_MAILS_PER_HOUR

/**
 * Confirms a previewed import of a verified organization and applies it after the answer; its
 * status says when it is done, and a failure's words say whether anything was written.
 */
export async function confirmImport(
	deps: ApiDeps,
	passwords: Passwords,
	organization: { id: string; name: string },
	importId: string,
) {
	const { db } = deps
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
			runJob(deps, passwords, organization, started.id, (counts) => {
				written = counts.create + counts.invite
			}),
		fail: () => failJob(db, started.id, written === 0 ? FAILED : stoppedAfter(written)),
	})
	return started
}

async function runJob(
	deps: ApiDeps,
	passwords: Passwords,
	organization: { id: string; name: string },
	jobId: string,
	progress: (counts: RosterCounts) => void,
) {
	const { db } = deps
	const limits = accountLimitsOf(deps)
	const mailsPerHour = mailsPerHourOf(deps)
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
