import { Link } from '~/ui/link'
import { buttonClass } from '~/ui/button'
import { JobStatus, useFollow } from '~/ui/job-status'
import { EXPORT_NAMES, type ExportJob } from './schema'

// While the file is being made, the page asks again this often (with JavaScript; without, the
// "Check again" link).
const POLL_MS = 2000

const BACK: Record<ExportJob['kind'], { href: string; label: string }> = {
	scores: { href: '/organization/score-input', label: 'Back to score input' },
	'result-cards': { href: '/organization/result-cards', label: 'Back to result cards' },
}

const STATUS_TEXT: Record<ExportJob['status'], string> = {
	queued: 'Waiting to start.',
	running: 'The file is being prepared.',
	done: 'The file is ready.',
	failed: 'The file could not be prepared.',
}

/** A background export's page (docs/decisions/046): its state, then "Download … (CSV)". */
export function ExportPage({ job }: { job: ExportJob }) {
	const underWay = job.status === 'queued' || job.status === 'running'
	useFollow(underWay, POLL_MS)
	const name = EXPORT_NAMES[job.kind]
	const back = BACK[job.kind]
	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">
					Export of {name}: {job.term}
				</h1>
				<Link
					to={`${back.href}?${new URLSearchParams({ term: job.term }).toString()}`}
					className={buttonClass('link')}
				>
					{back.label}
				</Link>
			</div>
			<JobStatus failed={job.status === 'failed'} refresh={underWay ? 'Check again' : undefined}>
				{STATUS_TEXT[job.status]}{' '}
				{underWay
					? 'This page updates by itself; we also email you when the file is ready.'
					: job.status === 'failed'
						? job.error
						: `${job.students.toLocaleString('en-US')} students, ${fileSize(job.bytes ?? 0)}.`}
			</JobStatus>
			{job.status === 'done' ? (
				<p>
					<a
						href={`/organization/exports/${encodeURIComponent(job.id)}/file`}
						download
						className={buttonClass('primary')}
					>
						Download {name} for {job.term}
						<span className="text-xs font-normal">(CSV)</span>
					</a>
				</p>
			) : null}
			<p className="text-sm text-slate-600">
				Files are kept for 7 days; after that, prepare the file again.
			</p>
		</div>
	)
}

function fileSize(bytes: number) {
	if (bytes < 1024 * 1024)
		return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-US')} KB`
	return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
