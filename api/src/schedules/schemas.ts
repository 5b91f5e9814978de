import { z } from '@hono/zod-openapi'
import { isoDateTime } from '../platform/openapi.ts'
import { paginationAnswer, paginationQuery } from '../platform/pagination.ts'
import {
	ATTENDANCE_STATUSES,
	SCHEDULE_STATUSES,
	scheduleFields,
} from '../../../contract/schedules.ts'
import {
	body,
	declaredAs,
	optionalText,
	requiredText,
	labelled,
	builtText,
} from '../platform/validation.ts'
import { isCalendarDate, isClockTime, isTimeZone } from '../platform/time.ts'

export const MIN_DURATION = 5
export const MAX_DURATION = 720

const text = (label: string) =>
	z.string({
		error: (issue) =>
			issue.input === undefined
				? labelled('{label} is required', label)
				: labelled('{label} must be text', label),
	})

const scheduledDate = text('Date')
	.trim()
	.refine(isCalendarDate, 'Enter the date as YYYY-MM-DD (a real day between 2000 and 2100)')
	.openapi(declaredAs.date)

const startTime = text('Start time')
	.trim()
	.refine(isClockTime, 'Enter the start time as HH:MM (24-hour)')
	.openapi(declaredAs.clockTime)

const durationMessage = builtText(
	'Duration must be a whole number of minutes from {min} to {max}',
	{ min: MIN_DURATION, max: MAX_DURATION },
)
// Multipart sends text, JSON a number: both are read.
const duration = z
	.union(
		[
			z.number(),
			z
				.string()
				.trim()
				.regex(/^\d{1,4}$/, durationMessage)
				.transform(Number),
		],
		{
			error: durationMessage,
		},
	)
	.refine(
		(value) => Number.isInteger(value) && value >= MIN_DURATION && value <= MAX_DURATION,
		durationMessage,
	)

const timeZone = text('Time zone')
	.trim()
	.refine(isTimeZone, 'Choose a time zone such as UTC or America/New_York')

const courseId = z.guid({ error: 'Choose one of your courses' })

export const scheduleCreation = body({
	courseId,
	title: requiredText('Title', 200),
	description: optionalText('Description', 2000),
	scheduledDate,
	startTime,
	duration,
	// A form sent without the browser's zone (no JavaScript, no choice) means UTC.
	timeZone: timeZone.optional().transform((zone) => zone ?? 'UTC'),
})

export const scheduleUpdate = body({
	courseId: courseId.optional(),
	title: requiredText('Title', 200).optional(),
	description: optionalText('Description', 2000),
	scheduledDate: scheduledDate.optional(),
	startTime: startTime.optional(),
	duration: duration.optional(),
	timeZone: timeZone.optional(),
}).refine((update) => Object.values(update).some((value) => value !== undefined), {
	message: 'Send at least one field to change',
})

const attendanceFields = {
	studentId: z.guid({ error: 'studentId must be a UUID' }),
	attendanceStatus: z.enum(ATTENDANCE_STATUSES, {
		error: builtText('Attendance status must be one of {values}', {
			values: ATTENDANCE_STATUSES.join(', '),
		}),
	}),
}

export const attendanceRecord = body(attendanceFields)

/** The most students one register saves at once: a class, or a lecture hall's. */
export const REGISTER_MAX = 500

export const attendanceRegister = body({
	attendance: z
		.array(z.object(attendanceFields, { error: 'Each entry must be a JSON object' }), {
			error: 'attendance must be a list',
		})
		.min(1, { error: 'Give at least one student' })
		.max(REGISTER_MAX, {
			error: builtText('At most {max} students at once', { max: REGISTER_MAX }),
		})
		.superRefine((entries, context) => {
			const seen = new Set<string>()
			entries.forEach((entry, index) => {
				if (seen.has(entry.studentId))
					context.addIssue({
						code: 'custom',
						path: [index, 'studentId'],
						message: 'Each student may appear once',
					})
				seen.add(entry.studentId)
			})
		}),
})

/** An instant as an ISO 8601 date-time with Z or an offset, or a date (its 00:00 UTC). */
const instant = (name: string) =>
	z
		.string()
		.refine(
			(value) =>
				(isCalendarDate(value) ||
					/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) &&
				!Number.isNaN(Date.parse(value)),
			builtText('{name} must be an ISO 8601 date-time such as 2026-11-22T05:00:00Z', { name }),
		)
		.openapi({
			pattern:
				'^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2}))?$',
		})
		.transform((value) => new Date(value))

export const scheduleFilters = paginationQuery.extend({
	courseId: z.guid({ error: 'courseId must be a UUID' }).optional(),
	status: z
		.enum(SCHEDULE_STATUSES, {
			error: builtText('Status must be one of {values}', { values: SCHEDULE_STATUSES.join(', ') }),
		})
		.optional(),
	from: instant('from').optional(),
	to: instant('to').optional(),
	order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('asc'),
	/** Adds `totals` to the answer: a week view's counts when it shows one page of the week. */
	totals: z.enum(['true', 'false'], { error: 'totals must be true or false' }).optional(),
})

/** The README's Schedule: `status` read at the time of the answer. */
export const schedule = z
	.object({
		...scheduleFields,
		startsAt: isoDateTime,
		endsAt: isoDateTime,
		createdAt: isoDateTime,
		updatedAt: isoDateTime,
	})
	.openapi('Schedule')

export const scheduleList = z.object({
	schedules: z.array(schedule),
	pagination: paginationAnswer,
	/** With `totals=true`: the sessions (cancelled left out) and their minutes, over every page. */
	totals: z.object({ sessions: z.number().int(), minutes: z.number().int() }).optional(),
})

export const oneSchedule = z.object({ schedule })

export const changedSchedule = z.object({ message: z.string(), schedule })

export const createdSchedule = changedSchedule.extend({ id: z.string() })

export const attendanceList = z.object({
	schedule,
	attendance: z.array(
		z.object({
			studentId: z.string(),
			student: z.object({ id: z.string(), name: z.string(), email: z.string() }),
			attendanceStatus: z.enum(ATTENDANCE_STATUSES).nullable(),
			recordedAt: isoDateTime.nullable(),
		}),
	),
})

const attendanceSaved = z.object({
	scheduleId: z.string(),
	studentId: z.string(),
	attendanceStatus: z.enum(ATTENDANCE_STATUSES),
	recordedAt: isoDateTime,
})

export const recordedAttendance = z.object({ message: z.string(), data: attendanceSaved })

export const recordedRegister = z.object({
	message: z.string(),
	data: z.array(attendanceSaved),
})
