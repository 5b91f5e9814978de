import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'

// People and organizations log in separately (spec section 6). When the email and password are
// right for the other kind of account, the API answers 401 with one of these texts (api/README.md),
// and the login page offers the other login. The page shows them in its language (the app's server
// translates the API's texts, decision 064), so they are compared in that language too.

export type LoginKind = 'user' | 'organization'

const otherLoginMessages = {
	organization: msg`This email and password belong to an organization: log in as an organization`,
	user: msg`This email and password belong to a student or teacher: log in as a student or teacher`,
}

/** Which login the form's errors point to, if any. */
export function otherLoginOf(errors: string[] | undefined, i18n: I18n): LoginKind | null {
	if (!errors) return null
	const says = (kind: LoginKind) => {
		const message = otherLoginMessages[kind]
		return errors.includes(i18n._(message)) || errors.includes(message.message ?? '')
	}
	if (says('organization')) return 'organization'
	if (says('user')) return 'user'
	return null
}

/** The login page's address for that kind, keeping where the user was going. */
export function loginSearch(kind: LoginKind, redirectTo: string) {
	const params = new URLSearchParams()
	if (kind === 'organization') params.set('as', 'organization')
	if (redirectTo) params.set('redirectTo', redirectTo)
	const search = params.toString()
	return search ? `?${search}` : ''
}
