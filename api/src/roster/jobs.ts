import { randomBytes } from 'node:crypto'
import { setTimeout as pause } from 'node:timers/promises'
import type { z } from 'zod'
import { ownLanguage } from '../account/repository.ts'
import { hashOf } from '../account/tokens.ts'
import type { Db } from '../db.ts'
import { appLink, composeMail, quotedName } from '../mail/compose.ts'
import { mailQueued } from '../mail/outbox.ts'
import { known, phrase, speaker, type Speaker } from '../platform/i18n.ts'
import { ROSTER_ROLES, type RosterLine, type RosterRole } from './parse.ts'
import { classifyRows, countRows, type RosterCounts, type RosterRow } from './preview.ts'
import {
	findJobLines,
	findStudentsByEmails,
	finishJob,
	insertAccounts,
	insertInvitations,
	insertJob,
	insertWelcomeMails,
	insertWelcomeTokens,
	lockMailClock,
	saveProgress,
	setMailClock,
	type JobRow,
} from './repository.ts'
import type { rosterImport } from './schemas.ts'

/** A set-your-password link of a new account works for a week: a school's start is not an hour. */
export const WELCOME_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** What an import's calls answer of it. */
export const toJob = (row: JobRow): z.input<typeof rosterImport> => ({
	id: row.id,
	status: row.status,
	fileName: row.file_name,
	counts: row.counts as RosterCounts,
	result: row.result as RosterCounts | null,
	error: row.error,
	createdAt: row.created_at.toISOString(),
	finishedAt: row.finished_at?.toISOString() ?? null,
	mailsUntil: row.mails_until?.toISOString() ?? null,
})

/** Rows written per transaction: each is short, so other requests run between them (issue 38). */
export const ROSTER_BATCH = 100
/**
 * The pause between two batches: long enough for requests that came in meanwhile to be read and
 * reach the database before the next batch takes it (a bare turn of the event loop was not: on
 * PGlite they got in only every third to fifth batch). the 100 batches of 10,000 rows wait 1 s in all.
 */
const BREATHER_MS = 10

/** A row the hour's invitations did not cover: re-uploading the file later invites it. */
export const overInvitationCap = (perHour: number) =>
	known(
		`Not invited: your organization can send ${perHour} invitations an hour and this file goes over that. Upload the same file again in an hour to invite this student.`,
		phrase(
			'Not invited: your organization can send {perHour, plural, one {# invitation} other {# invitations}} an hour and this file goes over that. Upload the same file again in an hour to invite this student.',
			{ perHour },
		),
	)

/**
 * The first `allowed` invitations stay; the rest become errors that say why (a roster's
 * invitations count against the organization's hourly cap, like those sent one at a time).
 */
export function capInvitations(rows: RosterRow[], allowed: number, perHour: number): RosterRow[] {
	let left = allowed
	return rows.map((row) => {
		if (row.outcome !== 'invite') return row
		if (left > 0) {
			left -= 1
			return row
		}
		return { ...row, outcome: 'error', error: overInvitationCap(perHour) }
	})
}

/**
 * Stores the preview: the parsed rows with their outcomes, server-side, as a job not yet run.
 * Invitations beyond the `invitationsLeft` of this hour show as errors already.
 */
export async function createJob(
	db: Db,
	organizationId: string,
	fileName: string,
	lines: RosterLine[],
	invitations: { left: number; perHour: number },
) {
	const rows = capInvitations(
		await classifyRows(db, organizationId, lines),
		invitations.left,
		invitations.perHour,
	)
	return insertJob(db, { organizationId, fileName, rows, counts: countRows(rows) })
}

type Organization = { id: string; name: string }

export type AppliedRoster = {
	counts: RosterCounts
	invitedStudents: { id: string; email: string }[]
}

export type ApplyOptions = {
	publicUrl: string
	passwordHash: string
	/** Set-your-password mails the organization may send an hour; the rest wait their turn. */
	mailsPerHour: number
	invitationsPerHour: number
	/** Takes up to so many of the hour's invitations; answers how many it got. */
	takeInvitations: (wanted: number) => Promise<number>
	/** Told after each batch is written, with the counts so far. */
	progress?: (counts: RosterCounts) => void
}

/**
 * Applies a started job's rows, decided again against the database as it is now (applying a file
 * twice changes nothing), in batches of ROSTER_BATCH rows: each batch is one transaction, set-based
 * (one statement per table, the rows passed as one JSON value): new accounts with a
 * set-your-password link and its mail, invitations for existing students. Between batches the
 * event loop and the database are free for other requests (on PGlite, the one connection). A
 * failure rolls back the batch it happened in; the batches before it stay, and uploading the same
 * file again finishes the job (their rows are then members or invited).
 */
export async function applyJob(
	db: Db,
	organization: Organization,
	jobId: string,
	options: ApplyOptions,
): Promise<AppliedRoster> {
	const stored = await findJobLines(db, jobId)
	const decided = await classifyRows(db, organization.id, stored)
	const wanted = decided.filter((row) => row.outcome === 'invite').length
	const granted = wanted === 0 ? 0 : await options.takeInvitations(wanted)
	const rows = capInvitations(decided, granted, options.invitationsPerHour)
	const toApply = rows.filter((row) => row.outcome === 'create' || row.outcome === 'invite')

	const counts = { ...countRows(rows), create: 0, invite: 0 }
	const invitedStudents: AppliedRoster['invitedStudents'] = []
	let mailsUntil: Date | null = null
	for (let at = 0; at < toApply.length; at += ROSTER_BATCH) {
		if (at > 0) await pause(BREATHER_MS)
		const batch = toApply.slice(at, at + ROSTER_BATCH)
		const written = await db.transaction().execute(async (trx) => {
			const batchWritten = await applyBatch(trx, organization, batch, options)
			// Saved with the batch: a job whose process stops knows whether it wrote anything.
			await saveProgress(trx, jobId, {
				...counts,
				create: counts.create + batchWritten.created,
				invite: counts.invite + batchWritten.invited.length,
			})
			return batchWritten
		})
		counts.create += written.created
		counts.invite += written.invited.length
		invitedStudents.push(...written.invited)
		mailsUntil = written.mailsUntil ?? mailsUntil
		options.progress?.(counts)
		if (written.created > 0) mailQueued.emit('queued')
	}
	// What actually happened, had a row been decided otherwise between reading and writing.
	const changed = rows.some((row, index) => row.outcome !== stored[index]?.outcome)
	await finishJob(db, jobId, { counts, mailsUntil, ...(changed && { rows }) })
	return { counts, invitedStudents }
}

/** One batch of rows, in one transaction. */
async function applyBatch(
	trx: Db,
	organization: Organization,
	rows: RosterRow[],
	{ publicUrl, passwordHash, mailsPerHour }: ApplyOptions,
) {
	const creates = rows.filter((row) => row.outcome === 'create')
	const invites = rows.filter((row) => row.outcome === 'invite')
	const created =
		creates.length === 0
			? []
			: await insertAccounts(
					trx,
					organization.id,
					creates.map((row) => ({
						role: ROSTER_ROLES[row.role as RosterRole],
						email: row.email,
						first_name: row.firstName,
						last_name: row.lastName,
						department_id: row.departmentId,
						student_number: row.studentNumber || null,
					})),
					passwordHash,
				)
	let mailsUntil: Date | null = null
	if (created.length > 0) {
		const sendAt = mailTimes(
			await lockMailClock(trx, organization.id),
			created.length,
			mailsPerHour,
		)
		await setMailClock(trx, organization.id, sendAt.next)
		mailsUntil = sendAt.times.at(-1) ?? null
		const links = created.map((account) => ({
			...account,
			token: randomBytes(32).toString('base64url'),
		}))
		await insertWelcomeTokens(
			trx,
			links.map((link) => ({
				token_hash: hashOf(link.token),
				account_id: link.id,
				email: link.email,
			})),
			WELCOME_LINK_TTL_MS,
		)
		// A new account has no language of its own yet: it reads its organization's (decision 064).
		const speech = speaker(
			await ownLanguage(trx, { accountType: 'organization', accountId: organization.id }),
		)
		await insertWelcomeMails(
			trx,
			links.map((link, index) => {
				const mail = welcomeMail(publicUrl, organization, link, speech)
				return {
					kind: 'roster_welcome',
					to_address: link.email,
					subject: mail.subject,
					text_body: mail.text,
					html_body: mail.html,
					next_attempt_at: (sendAt.times[index] as Date).toISOString(),
				}
			}),
		)
	}
	const invitedEmails =
		invites.length === 0 ? [] : await insertInvitations(trx, organization.id, invites)
	const invited = invitedEmails.length === 0 ? [] : await findStudentsByEmails(trx, invitedEmails)
	return { created: created.length, invited, mailsUntil }
}

const HOUR_MS = 60 * 60 * 1000

/**
 * When each of `count` mails may go, at most `perHour` an hour (the generic cell rate algorithm):
 * an organization that has sent none for an hour sends `perHour` at once, then one every
 * hour / `perHour`. `clock` is when its next one could go (null: none held back yet); `next` is the
 * clock to keep for the mails after these.
 */
export function mailTimes(clock: Date | null, count: number, perHour: number, now = new Date()) {
	const interval = HOUR_MS / perHour
	const tolerance = HOUR_MS - interval
	let next = Math.max(clock?.getTime() ?? 0, now.getTime())
	const times: Date[] = []
	for (let index = 0; index < count; index++) {
		times.push(new Date(Math.max(now.getTime(), next - tolerance)))
		next += interval
	}
	return { times, next: new Date(next) }
}

function welcomeMail(
	publicUrl: string,
	organization: Organization,
	account: { first_name: string; role: 'student' | 'tutor'; token: string },
	speech: Speaker,
) {
	const { say } = speech
	const values = { organization: quotedName(organization.name) }
	return composeMail(
		{
			// The organization's name is its own choice: never in the subject (decision 029).
			subject: say('Your TutorHub account: choose your password'),
			greeting: say('Hello {name},', { name: account.first_name }),
			paragraphs: [
				account.role === 'tutor'
					? say(
							'The organization {organization} added you to TutorHub as a teacher. Choose your password with the button below, then log in with this email address.',
							values,
						)
					: say(
							'The organization {organization} added you to TutorHub as a student. Choose your password with the button below, then log in with this email address.',
							values,
						),
			],
			action: {
				label: say('Choose your password'),
				url: appLink(publicUrl, '/reset-password', { token: account.token }),
			},
			footer: [
				say(
					'The link works once, for seven days. After that, use "Forgot password?" on the login page.',
				),
				say(
					'If you do not know this organization, ignore this mail: nobody can log in until a password is chosen.',
				),
			],
		},
		speech,
	)
}
