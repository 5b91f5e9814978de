import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { safeRedirect } from '~/platform/safe-redirect'

// The sign-up page's pure parts, shared by its action and its page (zod-free: a public page).

export type SignupRole = 'student' | 'teacher' | 'organization'

/** teacher and organization have their own forms; any other role gets the student form. */
export function signupRole(param: string | undefined): SignupRole {
	return param === 'teacher' || param === 'organization' ? param : 'student'
}

export const signupHeadings: Record<
	SignupRole,
	{ title: MessageDescriptor; intro: MessageDescriptor }
> = {
	student: {
		title: msg`Create a student account`,
		intro: msg`Buy courses, take tests, submit tasks and collect certificates.`,
	},
	teacher: {
		title: msg`Create a teacher account`,
		intro: msg`Run courses, grade work, schedule sessions and build tests.`,
	},
	organization: {
		title: msg`Register your organization`,
		intro: msg`Manage departments, teachers, students, scores and result cards.`,
	},
}

/**
 * Where the visitor was going (a checkout they were sent to log in for): carried from the login
 * page through sign-up and back to login, a same-site path only.
 */
export function returnQuery(redirectTo: FormDataEntryValue | string | null) {
	const to = safeRedirect(redirectTo, '')
	return to ? `redirectTo=${encodeURIComponent(to)}` : ''
}
