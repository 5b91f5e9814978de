import { t } from '@lingui/core/macro'
export const roles = ['student', 'tutor', 'organization'] as const
export type Role = (typeof roles)[number]

/** Where each role lands after login, and the root of the area its guard protects. */
export const dashboardPath: Record<Role, string> = {
	student: '/studentdashboard',
	tutor: '/teachersdashboard',
	organization: '/organization/dashboard',
}

/**
 * Where a teacher whose organization requires two-factor sign-in sets it up; until it is on, every
 * other page sends them here (decision 037).
 */
export const TWO_FACTOR_SETUP_PATH = '/teachersdashboard/two-factor'

/** The code of the API's answer to any other call of such a teacher (api/src/platform/require-account.ts). */
export const TWO_FACTOR_SETUP_REQUIRED = 'two_factor_setup_required'

// Getters: each label is read in the request's (or page's) language.
export const roleLabel: Record<Role, string> = {
	get student() {
		return t`Student`
	},
	get tutor() {
		return t`Teacher`
	},
	get organization() {
		return t`Organization`
	},
}
