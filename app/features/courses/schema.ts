import { t } from '@lingui/core/macro'
import { z } from 'zod'
import { CATALOGUE_SEARCH_MAX, courseCategories, courseLevels, currencies } from './catalogue'
import { LOCALES, supportedLocale } from '../../../contract/locales'

/** Offline queue key of spec section 9. */
export const COURSE_OFFLINE_KEY = 'course_offline_data'

// Answers of the reference API, parsed, never cast.
export const priceSchema = z.object({
	amount: z.number(),
	currency: z.string(),
	discounted: z.number().nullable().optional(),
})
export type Price = z.infer<typeof priceSchema>

const moduleSchema = z.object({
	title: z.string(),
	description: z.string().default(''),
	duration: z.string().default(''),
	topics: z.array(z.string()).default([]),
})
export type CourseModule = z.infer<typeof moduleSchema>

export const courseSchema = z.object({
	id: z.string(),
	title: z.string(),
	subtitle: z.string().nullable().default(''),
	description: z.string().default(''),
	thumbnail: z.string().nullable().optional(),
	level: z.string(),
	category: z.string(),
	subcategory: z.string().nullable().optional(),
	price: priceSchema,
	schedule: z
		.object({
			startDate: z.string(),
			endDate: z.string(),
			sessionsPerWeek: z.number(),
			timeSlots: z
				.array(z.object({ day: z.string(), startTime: z.string(), endTime: z.string() }))
				.default([]),
		})
		.nullable()
		.optional(),
	maxStudents: z.number().nullable().optional(),
	// The language the course's pages speak, when its teacher chose one (decision 063).
	locale: z.string().nullable().optional(),
	prerequisites: z.array(z.string()).default([]),
	learningOutcomes: z.array(z.string()).default([]),
	instructors: z.array(z.object({ name: z.string(), title: z.string() })).default([]),
	modules: z.array(moduleSchema).default([]),
	languages: z.array(z.string()).default([]),
	certification: z.string().nullable().optional(),
	tags: z.array(z.string()).default([]),
	duration: z.object({ weeks: z.number(), hoursPerWeek: z.number() }).nullable().optional(),
	isPublished: z.boolean(),
	teacherId: z.string().nullable().optional(),
	teacherName: z.string().nullable().optional(),
	organizationId: z.string().nullable().optional(),
	organizationName: z.string().nullable().optional(),
	enrolledStudents: z.number().default(0),
	createdAt: z.string().optional(),
	updatedAt: z.string().optional(),
})
export type Course = z.infer<typeof courseSchema>

export const courseListSchema = z.object({
	courses: z.array(courseSchema),
	pagination: z.object({
		total: z.number(),
		page: z.number().optional(),
		currentPage: z.number().optional(),
		totalPages: z.number().optional(),
		limit: z.number().optional(),
	}),
})
export type CourseList = z.infer<typeof courseListSchema>

export const courseAnswerSchema = z.object({
	course: courseSchema,
	enrolled: z.boolean().default(false),
})
export const courseSavedSchema = z.object({ message: z.string().optional(), course: courseSchema })
export const courseDeletedSchema = z.object({
	message: z.string().optional(),
	id: z.string().optional(),
})

// The catalogue's filters live in the URL, so links and the back button keep them.
export const catalogueQuerySchema = z.object({
	category: z.enum(courseCategories).optional().catch(undefined),
	level: z.enum(courseLevels).optional().catch(undefined),
	page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
	// The API takes at most 100 characters: a longer search is cut rather than refused.
	search: z
		.string()
		.transform((text) => text.trim().slice(0, CATALOGUE_SEARCH_MAX).trim() || undefined)
		.optional()
		.catch(undefined),
})

/** Students of a course listed at once on the organization's courses page. */
export const CLASS_LIST_LIMIT = 10

export function readCatalogueQuery(url: URL) {
	const raw = Object.fromEntries(url.searchParams)
	const query = catalogueQuerySchema.parse({
		category: raw.category || undefined,
		level: raw.level || undefined,
		page: raw.page || undefined,
		search: raw.search || undefined,
	})
	return {
		category: query.category,
		level: query.level,
		search: query.search,
		page: query.page ?? 1,
	}
}

/** Spec section 4: a create adds 1 to the total, a delete takes 1 away, never below 0. */
export function adjustTotal(total: number, change: 'create' | 'delete') {
	return change === 'create' ? total + 1 : Math.max(0, total - 1)
}

/** Spec section 3: the sum of enrolledStudents over the courses shown. */
export function totalEnrolled(courses: Pick<Course, 'enrolledStudents'>[]) {
	return courses.reduce((sum, course) => sum + course.enrolledStudents, 0)
}

// The teacher's course form: one schema for the browser and the action.
const lines = (text: string | undefined) =>
	(text ?? '')
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean)

const commaList = (text: string | undefined) =>
	(text ?? '')
		.split(',')
		.map((item) => item.trim())
		.filter(Boolean)

// Error messages are functions, read when the form is checked: in the page's language (decision 063).
type Message = () => string

const requiredText = (max: number, missing: Message, tooLong: Message) =>
	z.string({ error: missing }).trim().min(1, { error: missing }).max(max, { error: tooLong })

const optionalText = (max: number, tooLong: Message) =>
	z.string().trim().max(max, { error: tooLong }).optional()

const moneyText = (missing: Message, notAnAmount: Message) =>
	z
		.string({ error: missing })
		.trim()
		.regex(/^\d{1,6}(\.\d{1,2})?$/, { error: notAnAmount })

const wholeNumberText = (min: number, max: number, notWhole: Message, outOfRange: Message) =>
	z
		.string()
		.trim()
		.regex(/^\d+$/, { error: notWhole })
		.refine((value) => Number(value) >= min && Number(value) <= max, { error: outOfRange })
		.optional()

export const courseFormSchema = z
	.object({
		title: requiredText(
			200,
			() => t`Enter the title`,
			() => t`Title must be at most 200 characters`,
		),
		subtitle: optionalText(300, () => t`Subtitle must be at most 300 characters`),
		description: requiredText(
			5000,
			() => t`Enter the description`,
			() => t`Description must be at most 5000 characters`,
		),
		category: z.enum(courseCategories, { error: () => t`Choose a category` }),
		level: z.enum(courseLevels, { error: () => t`Choose a level` }),
		price: moneyText(
			() => t`Enter the price`,
			() => t`Price must be an amount like 49 or 49.99`,
		),
		discountedPrice: moneyText(
			() => t`Enter the discounted price`,
			() => t`Discounted price must be an amount like 49 or 49.99`,
		).optional(),
		currency: z.enum(currencies, { error: () => t`Choose a currency` }),
		maxStudents: wholeNumberText(
			1,
			10_000,
			() => t`Max students must be a whole number`,
			() => t`Max students must be from 1 to 10000`,
		),
		weeks: wholeNumberText(
			1,
			104,
			() => t`Weeks must be a whole number`,
			() => t`Weeks must be from 1 to 104`,
		),
		hoursPerWeek: z
			.string()
			.trim()
			.regex(/^\d{1,2}(\.\d)?$/, { error: () => t`Hours per week must be a number like 3 or 2.5` })
			.refine((value) => Number(value) >= 0.5 && Number(value) <= 80, {
				error: () => t`Hours per week must be from 0.5 to 80`,
			})
			.optional(),
		languages: optionalText(500, () => t`Languages must be at most 500 characters`),
		// The language the course's pages speak to everyone (decision 063); empty: each their own.
		pageLanguage: z
			.enum(LOCALES, { error: () => t`Choose one of the languages in the list.` })
			.optional(),
		learningOutcomes: optionalText(
			9000,
			() => t`Learning outcomes must be at most 9000 characters`,
		),
		modules: optionalText(20_000, () => t`Modules must be at most 20000 characters`),
		isPublished: z.literal('on').optional(),
	})
	.superRefine((value, ctx) => {
		if (value.discountedPrice && Number(value.discountedPrice) >= Number(value.price)) {
			ctx.addIssue({
				code: 'custom',
				path: ['discountedPrice'],
				message: t`Discounted price must be below the price`,
			})
		}
		if (Boolean(value.weeks) !== Boolean(value.hoursPerWeek)) {
			ctx.addIssue({
				code: 'custom',
				path: [value.weeks ? 'hoursPerWeek' : 'weeks'],
				message: t`Give both weeks and hours per week, or neither`,
			})
		}
	})
export type CourseForm = z.infer<typeof courseFormSchema>

/** "Title: topic; topic" per line. A line whose title matches an existing module keeps its description and duration. */
export function linesToModules(
	text: string | undefined,
	existing: CourseModule[] = [],
): CourseModule[] {
	return lines(text).map((line) => {
		const split = line.indexOf(':')
		const title = (split === -1 ? line : line.slice(0, split)).trim()
		const topics =
			split === -1
				? []
				: line
						.slice(split + 1)
						.split(';')
						.map((topic) => topic.trim())
						.filter(Boolean)
		const before = existing.find((module) => module.title === title)
		return {
			title,
			description: before?.description ?? '',
			duration: before?.duration ?? '',
			topics,
		}
	})
}

export function modulesToLines(modules: CourseModule[]) {
	return modules
		.map((module) =>
			module.topics.length ? `${module.title}: ${module.topics.join('; ')}` : module.title,
		)
		.join('\n')
}

/** The form's values as the API's course body (README, Courses). */
export function courseBodyFromForm(form: CourseForm, existingModules: CourseModule[] = []) {
	return {
		title: form.title,
		subtitle: form.subtitle ?? null,
		description: form.description,
		category: form.category,
		level: form.level,
		price: {
			amount: Number(form.price),
			currency: form.currency,
			discounted: form.discountedPrice ? Number(form.discountedPrice) : null,
		},
		maxStudents: form.maxStudents ? Number(form.maxStudents) : null,
		duration:
			form.weeks && form.hoursPerWeek
				? { weeks: Number(form.weeks), hoursPerWeek: Number(form.hoursPerWeek) }
				: null,
		languages: commaList(form.languages),
		locale: form.pageLanguage ?? null,
		learningOutcomes: lines(form.learningOutcomes),
		modules: linesToModules(form.modules, existingModules),
		isPublished: form.isPublished === 'on',
	}
}

/** A course as the form's default values. */
export function formValuesOf(course: Course) {
	return {
		title: course.title,
		subtitle: course.subtitle ?? '',
		description: course.description,
		category: course.category,
		level: course.level,
		price: course.price.amount.toFixed(2),
		discountedPrice: course.price.discounted != null ? course.price.discounted.toFixed(2) : '',
		currency: course.price.currency,
		maxStudents: course.maxStudents ? String(course.maxStudents) : '',
		weeks: course.duration ? String(course.duration.weeks) : '',
		hoursPerWeek: course.duration ? String(course.duration.hoursPerWeek) : '',
		languages: course.languages.join(', '),
		pageLanguage: supportedLocale(course.locale) ?? '',
		learningOutcomes: course.learningOutcomes.join('\n'),
		modules: modulesToLines(course.modules),
		isPublished: course.isPublished ? 'on' : undefined,
	}
}
