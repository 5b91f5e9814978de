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

// Building a NumberFormat costs far more than using one, and a catalogue page prices every card.
const moneyFormats = new Map<string, Intl.NumberFormat | null>()

function moneyFormat(currency: string) {
	if (!moneyFormats.has(currency)) {
		let format: Intl.NumberFormat | null = null
		try {
			format = new Intl.NumberFormat('en-US', { style: 'currency', currency })
		} catch {
			// Not a currency Intl knows: formatMoney writes the code after the amount.
		}
		// Currency codes come from the API; a bound keeps odd ones from growing the map forever.
		if (moneyFormats.size < 100) moneyFormats.set(currency, format)
		return format
	}
	return moneyFormats.get(currency) ?? null
}

/** $249.99, €19.00: the course currency, en-US. */
export function formatMoney(amount: number, currency: string) {
	return moneyFormat(currency)?.format(amount) ?? `${amount.toFixed(2)} ${currency}`
}

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
