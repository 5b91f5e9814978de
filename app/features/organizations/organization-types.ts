import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
// The kinds of organization the reference API accepts. Its own module, so the public sign-up page
// can list them without loading the schema library.
// The English labels, for the sign-up page as it is today; `organizationTypeNames` says them in
// the page's language.
/* eslint-disable lingui/no-unlocalized-strings */
export const organizationTypes = [
	{ value: 'school', label: 'School' },
	{ value: 'tutoring_center', label: 'Tutoring centre' },
	{ value: 'university', label: 'University' },
	{ value: 'company', label: 'Company' },
	{ value: 'other', label: 'Other' },
] as const
/* eslint-enable lingui/no-unlocalized-strings */

/** Each kind's name, for `i18n._()` in the page's language. */
export const organizationTypeNames = {
	school: msg`School`,
	tutoring_center: msg`Tutoring centre`,
	university: msg`University`,
	company: msg`Company`,
	other: msg`Other`,
} as const satisfies Record<(typeof organizationTypes)[number]['value'], MessageDescriptor>
