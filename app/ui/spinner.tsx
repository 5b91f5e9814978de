import { useLingui } from '@lingui/react/macro'
export function Spinner({ label }: { label?: string }) {
	const { t } = useLingui()
	return (
		<span role="status" className="inline-flex items-center gap-2">
			<span
				aria-hidden="true"
				className="size-8 animate-spin rounded-full border-4 border-slate-300 border-t-indigo-600"
			/>
			<span className="sr-only">{label ?? t`Loading`}</span>
		</span>
	)
}

/** The centred spinner shown while a page loads after a client-side navigation. */
export function PageSpinner() {
	const { t } = useLingui()
	return (
		<div className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center bg-white/50">
			<Spinner label={t`Loading page`} />
		</div>
	)
}
