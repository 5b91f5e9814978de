// People and organizations log in separately (spec section 6). When the email and password are
// right for the other kind of account, the API answers 401 with one of these texts (api/README.md),
// and the login page offers the other login.

export type LoginKind = 'user' | 'organization'

// The API's own texts, compared, never shown from here.
/* eslint-disable lingui/no-unlocalized-strings */
const otherLoginMessages: Record<LoginKind, string> = {
	organization: 'This email and password belong to an organization: log in as an organization',
	user: 'This email and password belong to a student or teacher: log in as a student or teacher',
}
/* eslint-enable lingui/no-unlocalized-strings */

/** Which login the form's errors point to, if any. */
export function otherLoginOf(errors: string[] | undefined): LoginKind | null {
	if (!errors) return null
	if (errors.includes(otherLoginMessages.organization)) return 'organization'
	if (errors.includes(otherLoginMessages.user)) return 'user'
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
