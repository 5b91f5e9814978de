import type { SubmissionResult } from '@conform-to/react'
import { Link } from '~/ui/link'
import type { Settled } from '~/platform/settle.server'
import { LoadError } from '~/ui/load-error'
import { EXPORT_NAMES, type ExportJob } from './schema'
import { PrepareExportForm } from './term-csv-export'

const STATUS_LABELS: Record<ExportJob['status'], string> = {
	queued: 'Waiting',
	running: 'Being prepared',
	done: 'Ready',
	failed: 'Failed',
}

/**
 * The latest background exports (docs/decisions/046), each linking to its page. A "Prepare the
 * file (CSV)" that could not start lands here with its reason and the form again.
 */
export function ExportsPage({
	exports,
	lastResult,
}: {
	exports: Settled<{ exports: ExportJob[]; keepDays: number }>
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const asked = lastResult?.initialValue
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">Exports</h1>
			{lastResult ? (
				<PrepareExportForm
					kind={asked?.kind === 'result-cards' ? 'result-cards' : 'scores'}
					term={typeof asked?.term === 'string' ? asked.term : ''}
					lastResult={lastResult}
				/>
			) : null}
			<p className="text-slate-700">
				A term with many students is prepared as a file in the background from{' '}
				<Link to="/organization/score-input" className="text-indigo-800 underline">
					Score input
				</Link>{' '}
				or{' '}
				<Link to="/organization/result-cards" className="text-indigo-800 underline">
					Result cards
				</Link>
				.
			</p>
			{!exports.ok ? (
				<LoadError error={exports.error} />
			) : exports.value.exports.length === 0 ? (
				<p className="text-slate-700">No files prepared yet.</p>
			) : (
				<>
					<ul className="flex flex-col gap-2">
						{exports.value.exports.map((job) => (
							<li key={job.id}>
								<Link
									to={`/organization/exports/${encodeURIComponent(job.id)}`}
									className="text-indigo-800 underline"
								>
									{EXPORT_NAMES[job.kind]} of {job.term}
								</Link>{' '}
								<span className="text-sm text-slate-700">({STATUS_LABELS[job.status]})</span>
							</li>
						))}
					</ul>
					<p className="text-sm text-slate-600">
						Files are kept for {exports.value.keepDays} days.
					</p>
				</>
			)}
		</div>
	)
}
