// The values a course takes (decision 048): the API refuses any other, the app's forms and filters
// offer these. No zod here: the catalogue and the home page import this module and ship no schema
// library (decision 010).

export const COURSE_CATEGORIES = [
	'Mathematics',
	'Science',
	'Programming',
	'Languages',
	'Business',
	'Arts',
	'Test Preparation',
	'Other',
] as const
export const COURSE_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const
export type CourseLevel = (typeof COURSE_LEVELS)[number]
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const
