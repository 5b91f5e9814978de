import { useEffect, type ReactNode } from 'react'
import { useRevalidator } from 'react-router'
import { Link } from '~/ui/link'
import { buttonClass } from '~/ui/button'

/**
 * With JavaScript, runs the page's loaders again every `everyMs` while `underWay`: a page that
 * follows work done elsewhere (a roster import, an export, a payment) updates by itself. Without
 * JavaScript the reader asks again with the page's own link: a page that reloads itself on a timer
 * takes control away from people using screen readers (WCAG 2.2.1).
 */
export function useFollow(underWay: boolean, everyMs: number) {
	const revalidator = useRevalidator()
	useEffect(() => {
		if (!underWay) return
		const timer = setInterval(() => {
			if (revalidator.state === 'idle') void revalidator.revalidate()
		}, everyMs)
		return () => clearInterval(timer)
	}, [underWay, everyMs, revalidator])
}

/**
 * A background job's state as a status line: red once it failed and, while it is under way, a
 * link that loads the page again (`refresh` is its text).
 */
export function JobStatus({
	failed,
	refresh,
	children,
}: {
	failed: boolean
	refresh?: string
	children: ReactNode
}) {
	return (
		<div
			role="status"
			className={`flex flex-wrap items-center gap-3 rounded-md border p-3 ${
				failed
					? 'border-red-300 bg-red-50 text-red-800'
					: 'border-slate-300 bg-slate-50 text-slate-800'
			}`}
		>
			<p>{children}</p>
			{refresh ? (
				<Link to="." reloadDocument className={buttonClass('secondary')}>
					{refresh}
				</Link>
			) : null}
		</div>
	)
}
