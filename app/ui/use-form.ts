import { useForm as useConformForm } from '@conform-to/react'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigation } from 'react-router'

const mutations = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Calls `onSuccess` each time a form submission on this page succeeds: its action redirected.
 * An action that answers with data (a validation error, an upstream failure) lands on the very
 * location it was posted to; a redirect lands on a new one, even when it names the same URL.
 */
export function useSuccessfulSubmission(onSuccess: () => void) {
	const navigation = useNavigation()
	const location = useLocation()
	const postedTo = useRef<string | null>(null)
	const latest = useRef(onSuccess)
	useEffect(() => {
		latest.current = onSuccess
	})
	useEffect(() => {
		if (navigation.state === 'submitting' && mutations.has(navigation.formMethod.toUpperCase())) {
			postedTo.current = navigation.location.key
		}
	}, [navigation])
	useEffect(() => {
		if (navigation.state !== 'idle' || postedTo.current === null) return
		const redirected = location.key !== postedTo.current
		postedTo.current = null
		if (redirected) latest.current()
	}, [navigation.state, location.key])
}

/**
 * conform's `useForm`, with one difference: after a successful submission the form comes back as
 * the server renders it (empty for a create form, the saved values for an edit form), as it does
 * without JavaScript, where the page is loaded afresh. With JavaScript the page stays mounted, and
 * its uncontrolled inputs (a chosen file above all) would otherwise be sent again with the next
 * submission. Resetting the form element resets every control; conform hears the reset event and
 * resets its own state to the current `defaultValue`. Every form of the app uses this hook (ESLint
 * keeps conform's own out of the rest of the app).
 */
export const useForm: typeof useConformForm = (options) => {
	const result = useConformForm(options)
	const formId = result[0].id
	useSuccessfulSubmission(() => {
		const element = document.getElementById(formId)
		if (element instanceof HTMLFormElement) element.reset()
	})
	return result
}

/**
 * Whether a form of this page is being submitted: any form, or with `intent` only the form whose
 * `intent` field has that value (a page with several forms disables only the one on its way).
 */
export function useSubmitting(intent?: string): boolean {
	const navigation = useNavigation()
	if (navigation.state !== 'submitting') return false
	return intent === undefined || navigation.formData?.get('intent') === intent
}
