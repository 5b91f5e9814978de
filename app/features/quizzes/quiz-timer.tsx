import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { formatTime, zoneName } from '~/platform/dates'
import { formatRemaining, thresholdAnnouncement } from './timer'

/**
 * The countdown, after hydration. The visible clock is not a live region (a screen reader would
 * read it every second); a separate polite region speaks only at 10, 5 and 1 minutes. The
 * student can hide the clock; the deadline stays as a clock time.
 */
export function QuizTimer({
	remaining,
	deadline,
	timeZone,
}: {
	remaining: number
	deadline: string
	timeZone: string
}) {
	const { t } = useLingui()
	const [hidden, setHidden] = useState(false)
	const [announcement, setAnnouncement] = useState('')
	const previous = useRef(remaining)
	useEffect(() => {
		const message = thresholdAnnouncement(previous.current, remaining)
		previous.current = remaining
		if (message) setAnnouncement(message)
	}, [remaining])

	const low = remaining <= 60
	const endsAt = formatTime(deadline, timeZone)
	const zone = zoneName(deadline, timeZone)
	return (
		<div className="flex flex-wrap items-center gap-3">
			{hidden ? null : (
				<p
					id="test-timer"
					role="timer"
					className={`font-mono text-2xl font-bold ${low ? 'text-red-700' : 'text-slate-900'}`}
				>
					<span className="sr-only">
						<Trans>Time left:</Trans>{' '}
					</span>
					{/* A clock reads from the hours on the left in every language: kept left to right on a right-to-left page. */}
					<span dir="ltr" className="inline-block" data-testid="timer-clock">
						{formatRemaining(remaining)}
					</span>
				</p>
			)}
			<p className="text-sm text-slate-700">
				<Trans>
					Ends at <time dateTime={deadline}>{endsAt}</time> {zone}
				</Trans>
			</p>
			<button
				type="button"
				className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-semibold hover:bg-slate-50"
				aria-controls="test-timer"
				aria-expanded={!hidden}
				onClick={() => setHidden((value) => !value)}
			>
				{hidden ? t`Show timer` : t`Hide timer`}
			</button>
			<p aria-live="polite" aria-atomic="true" className="sr-only">
				{announcement}
			</p>
		</div>
	)
}
