import type { SubmissionResult } from '@conform-to/react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '~/ui/link'
import { formatNumber } from '~/platform/numbers'
import type { Settled } from '~/platform/settle.server'
import { LoadError } from '~/ui/load-error'
import type { ExportJob } from './schema'
import { PrepareExportForm } from './term-csv-export'

const STATUS_LABELS = {
	queued: msg`Waiting`,
	running: msg`Being prepared`,
	done: msg`Ready`,
	failed: msg`Failed`,
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
	const { t } = useLingui()
	const asked = lastResult?.initialValue
	const keepDays = exports.ok ? formatNumber(exports.value.keepDays) : ''
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">
				<Trans>Exports</Trans>
			</h1>
			{lastResult ? (
				<PrepareExportForm
					kind={asked?.kind === 'result-cards' ? 'result-cards' : 'scores'}
					term={typeof asked?.term === 'string' ? asked.term : ''}
					lastResult={lastResult}
				/>
			) : null}
			<p className="text-slate-700">
				<Trans>
					A term with many students is prepared as a file in the background from{' '}
					<Link to="/organization/score-input" className="text-indigo-800 underline">
						Score input
					</Link>{' '}
					or{' '}
					<Link to="/organization/result-cards" className="text-indigo-800 underline">
						Result cards
					</Link>
					.
				</Trans>
			</p>
			{!exports.ok ? (
				<LoadError error={exports.error} />
			) : exports.value.exports.length === 0 ? (
				<p className="text-slate-700">
					<Trans>No files prepared yet.</Trans>
				</p>
			) : (
				<>
					<ul className="flex flex-col gap-2">
						{exports.value.exports.map((job) => {
							const term = job.term
							return (
								<li key={job.id}>
									<Link
										to={`/organization/exports/${encodeURIComponent(job.id)}`}
										className="text-indigo-800 underline"
									>
										{job.kind === 'scores' ? t`scores of ${term}` : t`result cards of ${term}`}
									</Link>{' '}
									<span className="text-sm text-slate-700">({t(STATUS_LABELS[job.status])})</span>
								</li>
							)
						})}
					</ul>
					<p className="text-sm text-slate-600">
						<Trans>Files are kept for {keepDays} days.</Trans>
					</p>
				</>
			)}
		</div>
	)
}
