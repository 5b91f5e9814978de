import { Trans } from '@lingui/react/macro'
import { useEffect } from 'react'
import type { LoadFailure } from '~/platform/toast'
import { showToast } from '~/platform/sonner'
import { useHydrated } from './use-hydrated'

/** A call that failed while loading the page: its text in place, and the spec's toast with JavaScript. */
export function LoadError({ error }: { error: LoadFailure }) {
	useEffect(() => {
		showToast((toast) =>
			toast.error(error.toast.title, {
				description: error.toast.description,
				duration: error.toast.duration,
			}),
		)
	}, [error])
	const hydrated = useHydrated()
	const { title, description, action } = error.toast
	return (
		<div
			role="alert"
			className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
		>
			{/* Before hydration (and with JavaScript off) the toast's words are shown here instead. */}
			{!hydrated && title !== error.text ? <p className="font-semibold">{title}</p> : null}
			{!hydrated && description && description !== error.text ? <p>{description}</p> : null}
			<p>{error.text}</p>
			{!hydrated && action?.label === 'Retry' ? (
				<a href="" className="font-semibold underline">
					<Trans>Retry</Trans>
				</a>
			) : null}
		</div>
	)
}
