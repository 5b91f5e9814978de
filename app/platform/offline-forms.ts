import { i18n } from './i18n'
import { showToast } from './sonner'
import { toastActionLabels } from './toast-labels'
import { toastForFailure } from './upstream-errors'

/** Spread on a form that handles being offline itself (it queues, or saves locally). */
export const handlesOffline = { 'data-offline': 'handled' } as const

/**
 * Offline, a form cannot reach its action: sending it anyway would fail the navigation and take
 * the page, and what the user typed, with it. So the submission is held where it is, and the
 * spec's Network Error toast (section 8) says why; its Retry sends the same form again.
 * Forms marked `handlesOffline` (the offline queue, the test island) are left to their own code.
 */
export function holdFormsOffline() {
	window.addEventListener(
		'submit',
		(event) => {
			const form = event.target
			if (navigator.onLine || !(form instanceof HTMLFormElement)) return
			if (form.closest('[data-offline="handled"]')) return
			event.preventDefault()
			event.stopPropagation()
			const submitter = event.submitter
			const toast = toastForFailure({ kind: 'network' })
			showToast((show) =>
				show.error(toast.title, {
					id: 'offline-submission',
					description: toast.description,
					duration: toast.duration,
					action: {
						label: i18n._(toastActionLabels.Retry),
						onClick: () =>
							form.isConnected &&
							form.requestSubmit(submitter instanceof HTMLElement ? submitter : null),
					},
				}),
			)
		},
		{ capture: true },
	)
}
