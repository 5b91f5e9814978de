import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '~/ui/link'
import { formatNumber } from '~/platform/numbers'
import { i18n } from '~/platform/i18n'
import { buttonClass } from '~/ui/button'
import { JobStatus, useFollow } from '~/ui/job-status'
import type { ExportJob } from './schema'

// While the file is being made, the page asks again this often (with JavaScript; without, the
// "Check again" link).
const POLL_MS = 2000

const BACK = {
	scores: { href: '/organization/score-input', label: msg`Back to score input` },
	'result-cards': { href: '/organization/result-cards', label: msg`Back to result cards` },
}

const STATUS_TEXT = {
	queued: msg`Waiting to start.`,
	running: msg`The file is being prepared.`,
	done: msg`The file is ready.`,
	failed: msg`The file could not be prepared.`,
}

/** A background export's page (docs/decisions/046): its state, then "Download … (CSV)". */
export function ExportPage({ job }: { job: ExportJob }) {
	const { t } = useLingui()
	const underWay = job.status === 'queued' || job.status === 'running'
	useFollow(underWay, POLL_MS)
	const back = BACK[job.kind]
	const term = job.term
	const students = formatNumber(job.students)
	const size = fileSize(job.bytes ?? 0)
	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">
					{job.kind === 'scores' ? (
						<Trans>Export of scores: {term}</Trans>
					) : (
						<Trans>Export of result cards: {term}</Trans>
					)}
				</h1>
				<Link
					to={`${back.href}?${new URLSearchParams({ term: job.term }).toString()}`}
					className={buttonClass('link')}
				>
					{t(back.label)}
				</Link>
			</div>
			<JobStatus failed={job.status === 'failed'} refresh={underWay ? t`Check again` : undefined}>
				{t(STATUS_TEXT[job.status])}{' '}
				{underWay
					? t`This page updates by itself; we also email you when the file is ready.`
					: job.status === 'failed'
						? job.error
						: t`${students} students, ${size}.`}
			</JobStatus>
			{job.status === 'done' ? (
				<p>
					<a
						href={`/organization/exports/${encodeURIComponent(job.id)}/file`}
						download
						className={buttonClass('primary')}
					>
						{job.kind === 'scores' ? (
							<Trans>Download scores for {term}</Trans>
						) : (
							<Trans>Download result cards for {term}</Trans>
						)}
						<span className="text-xs font-normal">
							<Trans>(CSV)</Trans>
						</span>
					</a>
				</p>
			) : null}
			<p className="text-sm text-slate-600">
				<Trans>Files are kept for 7 days; after that, prepare the file again.</Trans>
			</p>
		</div>
	)
}

function fileSize(bytes: number) {
	if (bytes < 1024 * 1024) {
		const n = formatNumber(Math.max(1, Math.round(bytes / 1024)))
		return i18n._(msg`${n} KB`)
	}
	const n = formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10, 1)
	return i18n._(msg`${n} MB`)
}
