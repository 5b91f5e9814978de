// The kinds of organization the reference API accepts. Its own module, so the public sign-up page
// can list them without loading the schema library.
export const organizationTypes = [
	{ value: 'school', label: 'School' },
	{ value: 'tutoring_center', label: 'Tutoring centre' },
	{ value: 'university', label: 'University' },
	{ value: 'company', label: 'Company' },
	{ value: 'other', label: 'Other' },
] as const
