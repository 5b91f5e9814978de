import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Course, CourseList, Price } from './schema'

// What the course pages show in the browser without loading the schema library: the values a
// course takes (the contract's, decision 048) and how prices read. The catalogue and the home
// page import only this module, so they ship no zod.
export {
	COURSE_CATEGORIES as courseCategories,
	COURSE_LEVELS as courseLevels,
	CURRENCIES as currencies,
} from '../../../contract/courses.ts'

/** The API takes at most 100 characters of search: a longer one is cut rather than refused. */
export const CATALOGUE_SEARCH_MAX = 100

// The values a course takes stay the contract's English words (the API's); a person reads them in
// the page's language. A value this table does not know (an older course's) shows as it is.
const categoryNames: Record<string, MessageDescriptor> = {
	Mathematics: msg`Mathematics`,
	Science: msg`Science`,
	Programming: msg`Programming`,
	Languages: msg`Languages`,
	Business: msg`Business`,
	Arts: msg`Arts`,
	'Test Preparation': msg`Test Preparation`,
	Other: msg`Other`,
}
const levelNames: Record<string, MessageDescriptor> = {
	Beginner: msg`Beginner`,
	Intermediate: msg`Intermediate`,
	Advanced: msg`Advanced`,
}

type Translate = (descriptor: MessageDescriptor) => string

/** A course category as a person reads it ('Matemáticas'); `t` from useLingui. */
export const categoryName = (category: string, t: Translate) =>
	categoryNames[category] ? t(categoryNames[category]) : category

/** A course level as a person reads it ('Principiante'); `t` from useLingui. */
export const levelName = (level: string, t: Translate) =>
	levelNames[level] ? t(levelNames[level]) : level

/** What a student pays now: the discounted price when there is one. */
export function chargeOf(price: Price) {
	return price.discounted ?? price.amount
}

/** What a course card shows: the catalogue and the home page send only this to the browser. */
const summaryFields = [
	'id',
	'title',
	'subtitle',
	'category',
	'level',
	'teacherName',
	'organizationName',
	'duration',
	'enrolledStudents',
	'maxStudents',
	'price',
] as const satisfies readonly (keyof Course)[]
export type CourseSummary = Pick<Course, (typeof summaryFields)[number]>
export type CataloguePage = Omit<CourseList, 'courses'> & { courses: CourseSummary[] }

export function summarize(course: Course): CourseSummary {
	return Object.fromEntries(summaryFields.map((field) => [field, course[field]])) as CourseSummary
}
