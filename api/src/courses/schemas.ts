import { z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { ApiEnv } from '../platform/context.ts'
import { COURSE_CATEGORIES, COURSE_LEVELS, CURRENCIES } from '../../../contract/courses.ts'
import { LOCALES } from '../../../contract/locales.ts'
import {
	body,
	declaredAs,
	optionalText,
	requiredText,
	labelled,
	builtText,
} from '../platform/validation.ts'
import { searchText } from '../platform/search.ts'
import { answers, isoDateTime } from '../platform/openapi.ts'
import { paginationQuery, wholeNumber } from '../platform/pagination.ts'
import { user } from '../users/schemas.ts'

const WEEKDAYS = [
	'Monday',
	'Tuesday',
	'Wednesday',
	'Thursday',
	'Friday',
	'Saturday',
	'Sunday',
] as const

const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

const isCalendarDay = (value: string) => {
	if (!DATE.test(value)) return false
	const date = new Date(`${value}T00:00:00Z`)
	return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

const textList = (label: string, itemMax: number, max: number) =>
	z
		.array(requiredText(label, itemMax), {
			error: labelled('{label} must be a list of text', label),
		})
		.max(max, builtText('List at most {max} items', { max }))

/** Money in major units with at most two decimals, e.g. 249.99. */
const money = (label: string) =>
	z
		.number({ error: labelled('{label} must be a number', label) })
		.min(0, labelled('{label} cannot be negative', label))
		.max(100_000, labelled('{label} must be at most 100000', label))
		.refine(
			(value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
			labelled('{label} may have at most two decimals', label),
		)

const price = z
	.object(
		{
			amount: money('Price'),
			currency: z.enum(CURRENCIES, {
				error: builtText('Currency must be one of {values}', { values: CURRENCIES.join(', ') }),
			}),
			discounted: money('Discounted price').nullish(),
		},
		{ error: 'Price must be an object with amount and currency' },
	)
	.refine((value) => value.discounted == null || value.discounted < value.amount, {
		path: ['discounted'],
		message: 'Discounted price must be below the price',
	})

const schedule = z
	.object(
		{
			startDate: z
				.string()
				.refine(isCalendarDay, 'Start date must be a date as YYYY-MM-DD')
				.openapi(declaredAs.date),
			endDate: z
				.string()
				.refine(isCalendarDay, 'End date must be a date as YYYY-MM-DD')
				.openapi(declaredAs.date),
			sessionsPerWeek: z
				.number({ error: 'Sessions per week must be a number' })
				.int('Sessions per week must be a whole number')
				.min(1, 'Sessions per week must be at least 1')
				.max(14, 'Sessions per week must be at most 14'),
			timeSlots: z
				.array(
					z.object({
						day: z.enum(WEEKDAYS, { error: 'Day must be a weekday name' }),
						startTime: z.string().regex(TIME, 'Start time must be HH:MM'),
						endTime: z.string().regex(TIME, 'End time must be HH:MM'),
					}),
				)
				.max(14, 'List at most 14 time slots'),
		},
		{ error: 'Schedule must be an object' },
	)
	.refine((value) => value.endDate >= value.startDate, {
		path: ['endDate'],
		message: 'End date must not be before the start date',
	})

const courseModule = z.object({
	title: requiredText('Module title', 200),
	description: z
		.string()
		.trim()
		.max(2000, 'Module description must be at most 2000 characters')
		.optional(),
	duration: z.string().trim().max(50, 'Module duration must be at most 50 characters').optional(),
	topics: textList('Topic', 200, 50).optional(),
})

const duration = z.object(
	{
		weeks: z
			.number({ error: 'Weeks must be a number' })
			.int('Weeks must be a whole number')
			.min(1, 'Weeks must be at least 1')
			.max(104, 'Weeks must be at most 104'),
		hoursPerWeek: z
			.number({ error: 'Hours per week must be a number' })
			.min(0.5, 'Hours per week must be at least 0.5')
			.max(80, 'Hours per week must be at most 80')
			.refine((value) => Number.isInteger(value * 10), 'Hours per week may have one decimal'),
	},
	{ error: 'Duration must be an object with weeks and hoursPerWeek' },
)

/** Every field a course may carry; create requires title, description, category, level and price. */
const courseFields = {
	title: requiredText('Title', 200),
	subtitle: optionalText('Subtitle', 300),
	description: requiredText('Description', 5000),
	thumbnail: optionalText('Thumbnail', 500).refine(
		(value) => value == null || /^https?:\/\/\S+$/.test(value) || /^\/\S+$/.test(value),
		'Thumbnail must be an http(s) URL or a path',
	),
	level: z.enum(COURSE_LEVELS, {
		error: builtText('Level must be one of {values}', { values: COURSE_LEVELS.join(', ') }),
	}),
	category: z.enum(COURSE_CATEGORIES, {
		error: builtText('Category must be one of {values}', { values: COURSE_CATEGORIES.join(', ') }),
	}),
	subcategory: optionalText('Subcategory', 100),
	price,
	schedule: schedule.nullish(),
	maxStudents: z
		.number({ error: 'Max students must be a number' })
		.int('Max students must be a whole number')
		.min(1, 'Max students must be at least 1')
		.max(10_000, 'Max students must be at most 10000')
		.nullish(),
	// The language the course's pages speak to everyone in them (decision 063); null: each their own.
	locale: z
		.enum(LOCALES, {
			error: builtText('Language must be one of {values}', { values: LOCALES.join(', ') }),
		})
		.nullish(),
	prerequisites: textList('Prerequisite', 300, 30).optional(),
	learningOutcomes: textList('Learning outcome', 300, 30).optional(),
	instructors: z
		.array(
			z.object({
				name: requiredText('Instructor name', 100),
				title: requiredText('Instructor title', 100),
			}),
		)
		.max(10, 'List at most 10 instructors')
		.optional(),
	modules: z.array(courseModule).max(50, 'List at most 50 modules').optional(),
	languages: textList('Language', 50, 10).optional(),
	certification: optionalText('Certification', 200),
	tags: textList('Tag', 50, 20).optional(),
	duration: duration.nullish(),
	isPublished: z.boolean({ error: 'isPublished must be true or false' }).optional(),
}

export const courseCreate = body(courseFields)
export type CourseInput = z.output<typeof courseCreate>

export const courseUpdate = body(courseFields).partial()
export type CourseUpdate = z.output<typeof courseUpdate>

const uuidFilter = (name: string) =>
	z.guid({ error: builtText('{name} must be a UUID', { name }) }).optional()

export const courseFilters = paginationQuery.extend({
	category: z
		.string()
		.trim()
		.max(100, 'Category must be at most 100 characters')
		.transform((value) => value || undefined)
		.optional(),
	level: z
		.enum(COURSE_LEVELS, {
			error: builtText('Level must be one of {values}', { values: COURSE_LEVELS.join(', ') }),
		})
		.optional(),
	isPublished: z
		.enum(['true', 'false'], { error: 'isPublished must be true or false' })
		.transform((value) => value === 'true')
		.optional(),
	teacherId: uuidFilter('teacherId'),
	organizationId: uuidFilter('organizationId'),
	search: searchText,
})
export type CourseFilters = z.output<typeof courseFilters>

const texts = z.array(z.string())

/** The README's Course: the spec's sample course shape plus ids, owner and enrolment count. */
export const course = z
	.object({
		id: z.string(),
		title: z.string(),
		subtitle: z.string(),
		description: z.string(),
		thumbnail: z.string().nullable(),
		level: z.enum(COURSE_LEVELS),
		category: z.string(),
		subcategory: z.string().nullable(),
		price: z.object({
			amount: z.number(),
			currency: z.string(),
			discounted: z.number().nullable(),
		}),
		schedule: z
			.object({
				startDate: z.string(),
				endDate: z.string(),
				sessionsPerWeek: z.number().int(),
				timeSlots: z.array(
					z.object({ day: z.string(), startTime: z.string(), endTime: z.string() }),
				),
			})
			.nullable(),
		maxStudents: z.number().int().nullable(),
		locale: z.enum(LOCALES).nullable(),
		prerequisites: texts,
		learningOutcomes: texts,
		instructors: z.array(z.object({ name: z.string(), title: z.string() })),
		modules: z.array(
			z.object({
				title: z.string(),
				description: z.string(),
				duration: z.string(),
				topics: texts,
			}),
		),
		languages: texts,
		certification: z.string().nullable(),
		tags: texts,
		duration: z.object({ weeks: z.number().int(), hoursPerWeek: z.number() }).nullable(),
		isPublished: z.boolean(),
		teacherId: z.string().nullable(),
		teacherName: z.string().nullable(),
		organizationId: z.string().nullable(),
		organizationName: z.string().nullable(),
		enrolledStudents: z.number().int(),
		createdAt: isoDateTime,
		updatedAt: isoDateTime,
	})
	.openapi('Course')

export const coursePage = z.object({
	courses: z.array(course),
	pagination: z.object({
		total: z.number().int(),
		page: z.number().int(),
		currentPage: z.number().int(),
		limit: z.number().int(),
		totalPages: z.number().int(),
	}),
})

export const changedCourse = z.object({ message: z.string(), course })

export const oneCourse = z.object({ course, enrolled: z.boolean() })

export const classList = z.object({
	students: z.array(user),
	total: z.number().int(),
	page: z.number().int(),
})

export const oneStudent = z.object({ student: user })

/** Major units to minor units (cents), as prices are stored. */
export const toMinor = (amount: number) => Math.round(amount * 100)

/** A picker call's `search` and `limit` query parameters. */
export const courseMenuQuery = z.object({
	search: searchText,
	limit: wholeNumber('Limit must be a whole number from 1 to 100', 100, 3).optional(),
})

export type CourseMenu = { search?: string; limit?: number }

/** `coursesRunBy`'s answer: a picker's first courses and how many match. */
export const courseMenuAnswer = z.object({
	courses: z.array(z.object({ id: z.string(), title: z.string() })),
	total: z.number().int(),
})

/** `GET /tasks/courses`, `GET /schedule/courses`: the picker of the courses a tutor runs. */
export const courseMenuRoute = (middleware: MiddlewareHandler<ApiEnv>, operationId: string) =>
	({
		method: 'get',
		path: '/courses',
		operationId,
		summary: 'The courses the caller runs, for a picker',
		middleware,
		request: { query: courseMenuQuery },
		description:
			"A tutor: the courses they run, `{ id, title }` by title, for a form's picker. `search` keeps the courses whose title holds it, `limit` the first by title; `total` counts every match (without either: all of them).",
		responses: answers({ 200: courseMenuAnswer }),
	}) as const
