import { useEffect } from 'react'
import { toast as showToast } from 'sonner'
import type { LoadFailure } from '~/platform/toast'

/** A call that failed while loading the page: its text in place, and the spec's toast with JavaScript. */
export function LoadError({ error }: { error: LoadFailure }) {
	useEffect(() => {
		showToast.error(error.toast.title, { description: error.toast.description, duration: error.toast.duration })
	}, [error])
	return (
		<p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
			{error.text}
		</p>
	)
}
