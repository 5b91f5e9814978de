import { roleLabel } from '~/platform/roles'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { Link } from '~/ui/link'
import { Button, buttonClass } from '~/ui/button'
import { FormErrors } from '~/ui/field'
import { JobStatus, useFollow } from '~/ui/job-status'
import { Pagination } from '~/ui/pagination'
import { TableScroll } from '~/ui/table-scroll'
import { useForm, useSubmitting } from '~/ui/use-form'
import {
	OUTCOME_LABELS,
	STATUS_LABELS,
	type RosterCounts,
	type RosterImport,
	type RosterOutcome,
	type RosterRow,
} from './schema'
import { TextLink } from '~/ui/text-link'
import { formatDateTime } from '~/platform/dates'
import { formatNumber } from '~/platform/numbers'
import type { RosterLimits } from './schema'

// While the job runs, the page asks again this often (with JavaScript; without, Refresh).
const POLL_MS = 1000

/** An import's page: the preview with its counts and rows and the Confirm button, then its progress. */
/** A row's role as the file wrote it, named in the page's language when it is one we know. */
function fileRoleName(role: string) {
	const known = role.trim().toLowerCase()
	if (known === 'student') return roleLabel.student
	if (known === 'teacher' || known === 'tutor') return roleLabel.tutor
	return role
}

export function RosterImportPage({
	job,
	rows,
	pagination,
	errorsOnly,
	limits,
	timeZone,
	lastResult,
}: {
	job: RosterImport
	rows: RosterRow[]
	pagination: { page: number; totalPages: number }
	errorsOnly: boolean
	limits: RosterLimits
	timeZone: string
	lastResult: SubmissionResult<string[]> | undefined
}) {
	useFollow(job.status === 'running', POLL_MS)
	const toApply = job.counts.create + job.counts.invite
	const { t } = useLingui()
	const fileName = job.fileName
	const errors = formatNumber(job.counts.error)
	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">
					<Trans>Roster import</Trans>
				</h1>
				<Link to="/organization/roster" className={buttonClass('link')}>
					<Trans>Back to the roster</Trans>
				</Link>
			</div>
			<p className="text-slate-700">
				<Trans>
					File: <span className="font-semibold">{fileName}</span>
				</Trans>
			</p>
			<StatusLine job={job} />
			<Counts counts={job.result ?? job.counts} done={job.status === 'done'} />
			<MailNote job={job} limits={limits} timeZone={timeZone} />
			{job.status === 'preview' ? (
				<ConfirmForm
					toApply={toApply}
					addressVerified={limits.addressVerified}
					lastResult={lastResult}
				/>
			) : null}
			<section aria-labelledby="rows-heading" className="flex flex-col gap-3">
				<h2 id="rows-heading" className="text-lg font-semibold">
					{errorsOnly ? <Trans>Rows with errors</Trans> : <Trans>Rows</Trans>}
				</h2>
				<nav aria-label={t`Which rows`} className="flex gap-4 text-sm">
					{errorsOnly ? (
						<TextLink to="?">
							<Trans>Show all rows</Trans>
						</TextLink>
					) : job.counts.error > 0 ? (
						<TextLink to="?show=errors">
							<Trans>Show only rows with errors ({errors})</Trans>
						</TextLink>
					) : null}
				</nav>
				<RowTable rows={rows} />
				<Pagination
					page={pagination.page}
					totalPages={pagination.totalPages}
					label={t`Pages of rows`}
				/>
			</section>
		</div>
	)
}

function StatusLine({ job }: { job: RosterImport }) {
	const { t, i18n } = useLingui()
	const text = {
		preview: t`Preview: nothing has been written yet. Check the rows, then confirm.`,
		running: t`This page updates by itself; without JavaScript, refresh it to see the progress.`,
		done: t`Import finished.`,
		failed: job.error ?? t`The import stopped before it finished.`,
	}[job.status]
	return (
		<JobStatus
			failed={job.status === 'failed'}
			refresh={job.status === 'running' ? t`Refresh` : undefined}
		>
			<span className="font-semibold">{i18n._(STATUS_LABELS[job.status])}</span> {text}
		</JobStatus>
	)
}

const COUNTED: RosterOutcome[] = ['create', 'invite', 'member', 'invited', 'error']
const DONE_LABELS: Partial<Record<RosterOutcome, MessageDescriptor>> = {
	create: msg`New accounts created and mailed`,
	invite: msg`Invitations sent`,
}

function Counts({ counts, done }: { counts: RosterCounts; done: boolean }) {
	const { i18n } = useLingui()
	return (
		<dl className="grid gap-2 sm:grid-cols-3">
			<div className="rounded-md border border-slate-200 bg-white p-3">
				<dt className="text-sm text-slate-700">
					<Trans>Rows in the file</Trans>
				</dt>
				<dd className="text-xl font-bold">{formatNumber(counts.rows)}</dd>
			</div>
			{COUNTED.map((outcome) => (
				<div key={outcome} className="rounded-md border border-slate-200 bg-white p-3">
					<dt className="text-sm text-slate-700">
						{i18n._((done && DONE_LABELS[outcome]) || OUTCOME_LABELS[outcome])}
					</dt>
					<dd className="text-xl font-bold">{formatNumber(counts[outcome])}</dd>
				</div>
			))}
		</dl>
	)
}

/**
 * When the new people's mails go: at most so many an hour (the rest wait their turn), said before
 * confirming when the file has more, and after, when the last one goes (docs/decisions/054).
 */
function MailNote({
	job,
	limits,
	timeZone,
}: {
	job: RosterImport
	limits: RosterLimits
	timeZone: string
}) {
	const perHour = formatNumber(limits.mailsPerHour)
	if (job.status === 'preview' && job.counts.create > limits.mailsPerHour) {
		const hours = Math.ceil(job.counts.create / limits.mailsPerHour) - 1
		const created = formatNumber(job.counts.create)
		return (
			<p className="text-slate-700">
				<Plural
					value={hours}
					one={`New people get their mail to choose a password at most ${perHour} an hour: the first ${perHour} of these ${created} go at once, the rest over the next hour. Their accounts are ready at once either way.`}
					other={`New people get their mail to choose a password at most ${perHour} an hour: the first ${perHour} of these ${created} go at once, the rest over the next # hours. Their accounts are ready at once either way.`}
				/>
			</p>
		)
	}
	const mailed = job.result?.create ?? 0
	if (job.status !== 'done' || mailed === 0 || !job.mailsUntil || !job.finishedAt) return null
	// Within a minute of the end: they went at once.
	if (Date.parse(job.mailsUntil) - Date.parse(job.finishedAt) < 60_000) return null
	const last = formatDateTime(job.mailsUntil, timeZone)
	return (
		<p className="text-slate-700">
			<Plural
				value={mailed}
				one={`# mail to choose a password is on its way, at most ${perHour} an hour: the last goes out around ${last}.`}
				other={`# mails to choose a password are on their way, at most ${perHour} an hour: the last goes out around ${last}.`}
			/>
		</p>
	)
}

function ConfirmForm({
	toApply,
	addressVerified,
	lastResult,
}: {
	toApply: number
	addressVerified: boolean
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const [form] = useForm({ id: 'roster-confirm', lastResult })
	const busy = useSubmitting('confirm')
	if (toApply === 0) {
		return (
			<p className="text-slate-700">
				<Trans>
					Nothing to import: every row is already a member, already invited, or has an error.
				</Trans>
			</p>
		)
	}
	if (!addressVerified) {
		return (
			<div
				role="note"
				className="rounded-md border border-amber-300 bg-amber-50 p-3 text-slate-800"
			>
				<p className="font-semibold">
					<Trans>Verify your organization&apos;s email address to import</Trans>
				</p>
				<p>
					<Trans>
						New people get a mail from TutorHub in your name, so we first need to know the address
						is yours. Open the link we mailed you when you signed up (or send it again from the
						notice at the top of the page), then come back to this page to confirm the import.
					</Trans>
				</p>
			</div>
		)
	}
	return (
		<Form method="post" className="flex flex-col gap-3" {...getFormProps(form)}>
			<FormErrors id={form.errorId} errors={form.errors} />
			<input type="hidden" name="intent" value="confirm" />
			<p className="text-slate-700">
				<Trans>
					Confirming writes every row without an error, a hundred at a time. If it stops part way,
					upload the same file again: the rows already written show as no change, and the rest are
					written.
				</Trans>
			</p>
			<div>
				<Button disabled={busy}>
					{busy ? <Trans>Starting…</Trans> : <Trans>Confirm import</Trans>}
				</Button>
			</div>
		</Form>
	)
}

function RowTable({ rows }: { rows: RosterRow[] }) {
	const { t, i18n } = useLingui()
	if (!rows.length) {
		return (
			<p className="text-slate-700">
				<Trans>No rows here.</Trans>
			</p>
		)
	}
	return (
		<TableScroll label={t`Rows of the file`}>
			<table className="w-full text-start text-sm">
				<thead>
					<tr className="border-b border-slate-300">
						{[
							t`Row`,
							t`Role`,
							t`Name`,
							t`Email`,
							t`Department`,
							t`Student number`,
							t`What happens`,
						].map((heading) => (
							<th key={heading} scope="col" className="py-2 pe-4">
								{heading}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{rows.map((row) => (
						<tr key={row.line} className="border-b border-slate-200 align-top">
							<td className="py-2 pe-4">{row.line}</td>
							<td className="py-2 pe-4">{fileRoleName(row.role)}</td>
							<td className="py-2 pe-4">
								{row.firstName} {row.lastName}
							</td>
							<td className="py-2 pe-4 break-all">{row.email}</td>
							<td className="py-2 pe-4">{row.department}</td>
							<td className="py-2 pe-4">{row.studentNumber}</td>
							<td
								className={`py-2 pe-4 wrap-anywhere ${row.outcome === 'error' ? 'font-semibold text-red-800' : ''}`}
							>
								{row.outcome === 'error' ? row.error : i18n._(OUTCOME_LABELS[row.outcome])}
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</TableScroll>
	)
}
