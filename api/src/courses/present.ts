import type { LOCALES } from '../../../contract/locales.ts'
import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type { Page } from '../platform/pagination.ts'
import type { CoursesTable } from '../schema.ts'
import type { course } from './schemas.ts'

export type CourseRow = Selectable<CoursesTable> & {
	enrolled_count: number | string | bigint | null
	teacher_name: string | null
	organization_name: string | null
}

/** Minor units (cents) to the README's major-unit amounts. */
export const fromMinor = (cents: number) => Math.round(cents) / 100

/** What a course costs a student now: the discounted price when there is one. */
export const chargeOf = (row: Pick<CourseRow, 'price_amount' | 'price_discounted'>) =>
	row.price_discounted ?? row.price_amount

/** The README's Course: the spec's sample course shape plus ids, owner and enrolment count. */
export function toCourse(row: CourseRow): z.input<typeof course> {
	const details = row.details
	return {
		id: row.id,
		title: row.title,
		subtitle: row.subtitle,
		description: row.description,
		thumbnail: row.thumbnail,
		level: row.level,
		category: row.category,
		subcategory: row.subcategory,
		price: {
			amount: fromMinor(row.price_amount),
			currency: row.price_currency,
			discounted: row.price_discounted === null ? null : fromMinor(row.price_discounted),
		},
		schedule: row.schedule,
		maxStudents: row.max_students,
		locale: (row.locale as (typeof LOCALES)[number] | null) ?? null,
		prerequisites: details.prerequisites ?? [],
		learningOutcomes: details.learningOutcomes ?? [],
		instructors: details.instructors ?? [],
		modules: (details.modules ?? []).map((module) => ({
			title: module.title,
			description: module.description ?? '',
			duration: module.duration ?? '',
			topics: module.topics ?? [],
		})),
		languages: details.languages ?? [],
		certification: details.certification ?? null,
		tags: details.tags ?? [],
		duration:
			row.duration_weeks !== null && row.hours_per_week !== null
				? { weeks: row.duration_weeks, hoursPerWeek: Number(row.hours_per_week) }
				: null,
		isPublished: row.is_published,
		teacherId: row.tutor_id,
		teacherName: row.teacher_name,
		organizationId: row.organization_id,
		organizationName: row.organization_name,
		enrolledStudents: Number(row.enrolled_count ?? 0),
		createdAt: row.created_at.toISOString(),
		updatedAt: row.updated_at.toISOString(),
	}
}

/** A page of the course lists, with the spec's pagination (the page also named `currentPage`). */
export const toCoursePage = (rows: CourseRow[], total: number, page: Page) => ({
	courses: rows.map(toCourse),
	pagination: {
		total,
		page: page.page,
		currentPage: page.page,
		limit: page.limit,
		totalPages: Math.max(1, Math.ceil(total / page.limit)),
	},
})
