import type { ReactNode } from 'react'
import { buttonClass } from './button'

/**
 * Asks before a destructive post, without JavaScript too: the disclosure opens on the question
 * and the form that really does it (`children`), so one click never deletes anything.
 */
export function ConfirmDisclosure({
	summary,
	summaryLabel,
	question,
	children,
}: {
	summary: string
	/** What a screen reader hears for the summary, when `summary` alone is ambiguous in a list. */
	summaryLabel?: string
	question: ReactNode
	children: ReactNode
}) {
	return (
		<details className="group">
			<summary
				className={`${buttonClass('secondary')} cursor-pointer list-none`}
				aria-label={summaryLabel}
			>
				{summary}
			</summary>
			<div className="mt-2 flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3">
				<p>{question}</p>
				{children}
			</div>
		</details>
	)
}
