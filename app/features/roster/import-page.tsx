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
import type { RosterLimits } from './schema'

// While the job runs, the page asks again this often (with JavaScript; without, Refresh).
const POLL_MS = 1000

/** An import's page: the preview with its counts and rows and the Confirm button, then its progress. */
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
	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">Roster import</h1>
				<Link to="/organization/roster" className={buttonClass('link')}>
					Back to the roster
				</Link>
			</div>
			<p className="text-slate-700">
				File: <span className="font-semibold">{job.fileName}</span>
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
					{errorsOnly ? 'Rows with errors' : 'Rows'}
				</h2>
				<nav aria-label="Which rows" className="flex gap-4 text-sm">
					{errorsOnly ? (
						<TextLink to="?">Show all rows</TextLink>
					) : job.counts.error > 0 ? (
						<TextLink to="?show=errors">
							Show only rows with errors ({job.counts.error.toLocaleString('en-US')})
						</TextLink>
					) : null}
				</nav>
				<RowTable rows={rows} />
				<Pagination
					page={pagination.page}
					totalPages={pagination.totalPages}
					label="Pages of rows"
				/>
			</section>
		</div>
	)
}

function StatusLine({ job }: { job: RosterImport }) {
	const text = {
		preview: 'Preview: nothing has been written yet. Check the rows, then confirm.',
		running: 'This page updates by itself; without JavaScript, refresh it to see the progress.',
		done: 'Import finished.',
		failed: job.error ?? 'The import stopped before it finished.',
	}[job.status]
	return (
		<JobStatus
			failed={job.status === 'failed'}
			refresh={job.status === 'running' ? 'Refresh' : undefined}
		>
			<span className="font-semibold">{STATUS_LABELS[job.status]}</span> {text}
		</JobStatus>
	)
}

const COUNTED: RosterOutcome[] = ['create', 'invite', 'member', 'invited', 'error']
const DONE_LABELS: Partial<Record<RosterOutcome, string>> = {
	create: 'New accounts created and mailed',
	invite: 'Invitations sent',
}

function Counts({ counts, done }: { counts: RosterCounts; done: boolean }) {
	return (
		<dl className="grid gap-2 sm:grid-cols-3">
			<div className="rounded-md border border-slate-200 bg-white p-3">
				<dt className="text-sm text-slate-700">Rows in the file</dt>
				<dd className="text-xl font-bold">{counts.rows.toLocaleString('en-US')}</dd>
			</div>
			{COUNTED.map((outcome) => (
				<div key={outcome} className="rounded-md border border-slate-200 bg-white p-3">
					<dt className="text-sm text-slate-700">
						{(done && DONE_LABELS[outcome]) || OUTCOME_LABELS[outcome]}
					</dt>
					<dd className="text-xl font-bold">{counts[outcome].toLocaleString('en-US')}</dd>
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
	const count = (n: number) => n.toLocaleString('en-US')
	if (job.status === 'preview' && job.counts.create > limits.mailsPerHour) {
		const hours = Math.ceil(job.counts.create / limits.mailsPerHour) - 1
		return (
			<p className="text-slate-700">
				New people get their mail to choose a password at most {count(limits.mailsPerHour)} an hour:
				the first {count(limits.mailsPerHour)} of these {count(job.counts.create)} go at once, the
				rest over the next {hours === 1 ? 'hour' : `${count(hours)} hours`}. Their accounts are
				ready at once either way.
			</p>
		)
	}
	const mailed = job.result?.create ?? 0
	if (job.status !== 'done' || mailed === 0 || !job.mailsUntil || !job.finishedAt) return null
	// Within a minute of the end: they went at once.
	if (Date.parse(job.mailsUntil) - Date.parse(job.finishedAt) < 60_000) return null
	return (
		<p className="text-slate-700">
			{count(mailed)} mails to choose a password are on their way, at most{' '}
			{count(limits.mailsPerHour)} an hour: the last goes out around{' '}
			{formatDateTime(job.mailsUntil, timeZone)}.
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
				Nothing to import: every row is already a member, already invited, or has an error.
			</p>
		)
	}
	if (!addressVerified) {
		return (
			<div
				role="note"
				className="rounded-md border border-amber-300 bg-amber-50 p-3 text-slate-800"
			>
				<p className="font-semibold">Verify your organization&apos;s email address to import</p>
				<p>
					New people get a mail from TutorHub in your name, so we first need to know the address is
					yours. Open the link we mailed you when you signed up (or send it again from the notice at
					the top of the page), then come back to this page to confirm the import.
				</p>
			</div>
		)
	}
	return (
		<Form method="post" className="flex flex-col gap-3" {...getFormProps(form)}>
			<FormErrors id={form.errorId} errors={form.errors} />
			<input type="hidden" name="intent" value="confirm" />
			<p className="text-slate-700">
				Confirming writes every row without an error, a hundred at a time. If it stops part way,
				upload the same file again: the rows already written show as no change, and the rest are
				written.
			</p>
			<div>
				<Button disabled={busy}>{busy ? 'Starting…' : 'Confirm import'}</Button>
			</div>
		</Form>
	)
}

function RowTable({ rows }: { rows: RosterRow[] }) {
	if (!rows.length) return <p className="text-slate-700">No rows here.</p>
	return (
		<TableScroll label="Rows of the file">
			<table className="w-full text-start text-sm">
				<thead>
					<tr className="border-b border-slate-300">
						{['Row', 'Role', 'Name', 'Email', 'Department', 'Student number', 'What happens'].map(
							(heading) => (
								<th key={heading} scope="col" className="py-2 pe-4">
									{heading}
								</th>
							),
						)}
					</tr>
				</thead>
				<tbody>
					{rows.map((row) => (
						<tr key={row.line} className="border-b border-slate-200 align-top">
							<td className="py-2 pe-4">{row.line}</td>
							<td className="py-2 pe-4">{row.role}</td>
							<td className="py-2 pe-4">
								{row.firstName} {row.lastName}
							</td>
							<td className="py-2 pe-4 break-all">{row.email}</td>
							<td className="py-2 pe-4">{row.department}</td>
							<td className="py-2 pe-4">{row.studentNumber}</td>
							<td
								className={`py-2 pe-4 ${row.outcome === 'error' ? 'font-semibold text-red-800' : ''}`}
							>
								{row.outcome === 'error' ? row.error : OUTCOME_LABELS[row.outcome]}
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</TableScroll>
	)
}
