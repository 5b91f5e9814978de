import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'

/**
 * A table that may be wider than a phone scrolls inside this region instead of the page scrolling
 * sideways. The region is named and can be focused, so a keyboard can scroll it (axe:
 * scrollable-region-focusable). It is positioned so that visually hidden text in the table stays
 * inside it rather than widening the page.
 */
export function TableScroll({
	label,
	framed = true,
	children,
}: {
	label: string
	/** A bordered white box (the usual list); false for a table inside a card of its own. */
	framed?: boolean
	children: ReactNode
}) {
	const { t } = useLingui()
	return (
		<div
			role="region"
			// Not the table's own name: a section around it often carries that one already.
			aria-label={t`${label}, scrollable table`}
			tabIndex={0}
			className={`relative max-w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 ${framed ? 'rounded-lg border border-slate-200 bg-white' : ''}`}
		>
			{children}
		</div>
	)
}
