import type { ReactNode } from 'react'

/** A titled white panel of a page: a section named by its heading. */
export function Panel({
	id,
	title,
	children,
}: {
	id: string
	title: ReactNode
	children: ReactNode
}) {
	return (
		<section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-6">
			<h2 id={id} className="text-lg font-semibold">
				{title}
			</h2>
			{children}
		</section>
	)
}

/** Terms and their values side by side (one under the other on a phone). */
export function DetailList({ children }: { children: ReactNode }) {
	return <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">{children}</dl>
}

/** One term of a DetailList and its value. */
export function Detail({
	term,
	className,
	children,
}: {
	term: string
	className?: string
	children: ReactNode
}) {
	return (
		<>
			<dt className="font-medium text-slate-600">{term}</dt>
			<dd className={className}>{children}</dd>
		</>
	)
}
