import { t } from '@lingui/core/macro'
import { z } from 'zod'
import { descriptionField, titleField } from '~/platform/form-fields'
import { isCalendarDate, isClockTime, isTimeZone } from './time-zones'
import { ATTENDANCE_STATUSES, scheduleFields } from '../../../contract/schedules.ts'

export const MIN_DURATION = 5
export const MAX_DURATION = 720
export {
	ATTENDANCE_STATUSES,
	type AttendanceStatus,
	SCHEDULE_STATUSES,
} from '../../../contract/schedules.ts'

// Answers of the reference API (api/README.md, Schedules), parsed, never cast.
export const scheduleSchema = z.object({
	...scheduleFields,
	// Read more loosely than the contract states them: a page still shows a session whose status
	// another backend spells otherwise.
	duration: z.number(),
	status: z.string(),
	attendanceStatus: z.string().nullable(),
})
export type Schedule = z.infer<typeof scheduleSchema>

export const scheduleListSchema = z.object({
	schedules: z.array(scheduleSchema),
	pagination: z.object({
		total: z.number(),
		page: z.number(),
		limit: z.number().optional(),
		totalPages: z.number().optional(),
	}),
	/** Asked for with `totals`: a day's or week's counts when the page shows one page of it. */
	totals: z.object({ sessions: z.number(), minutes: z.number() }).optional(),
})
export type ScheduleList = z.infer<typeof scheduleListSchema>

export const scheduleAnswerSchema = z.object({ schedule: scheduleSchema })

export const courseOptionsSchema = z.object({
	courses: z.array(z.object({ id: z.string(), title: z.string() })),
})

export const attendanceRosterSchema = z.object({
	schedule: scheduleSchema,
	attendance: z.array(
		z.object({
			studentId: z.string(),
			student: z.object({ id: z.string(), name: z.string(), email: z.string() }),
			attendanceStatus: z.string().nullable(),
			recordedAt: z.string().nullable(),
		}),
	),
})
export type AttendanceRoster = z.infer<typeof attendanceRosterSchema>

const attendanceSavedSchema = z.object({
	scheduleId: z.string(),
	studentId: z.string(),
	attendanceStatus: z.string(),
})

export const attendanceRegisterSchema = z.object({ data: z.array(attendanceSavedSchema) })

// The create and edit form, the same schema in the browser and in the action.
export const scheduleFormSchema = z.object({
	courseId: z
		.string({ error: () => t`Choose a course` })
		.min(1, { error: () => t`Choose a course` }),
	title: titleField,
	description: descriptionField,
	scheduledDate: z
		.string({ error: () => t`Choose a date` })
		.refine(isCalendarDate, { error: () => t`Enter the date as YYYY-MM-DD` }),
	startTime: z
		.string({ error: () => t`Choose a start time` })
		.refine(isClockTime, { error: () => t`Enter the start time as HH:MM (24-hour)` }),
	duration: z
		.number({ error: () => t`Enter the duration in minutes (${MIN_DURATION} to ${MAX_DURATION})` })
		.int({ error: () => t`Enter a whole number of minutes` })
		.min(MIN_DURATION, { error: () => t`Duration must be at least ${MIN_DURATION} minutes` })
		.max(MAX_DURATION, { error: () => t`Duration must be at most ${MAX_DURATION} minutes` }),
	timeZone: z
		.string({ error: () => t`Choose a time zone` })
		.refine(isTimeZone, { error: () => t`Choose a time zone from the list` }),
})
export type ScheduleForm = z.infer<typeof scheduleFormSchema>

export const attendanceFormSchema = z.object({
	// 'all-present' marks every student Present in one go.
	intent: z.enum(['save', 'all-present']).default('save'),
	attendance: z
		.array(
			z.object({
				studentId: z.string().min(1),
				previous: z.string().optional(),
				attendanceStatus: z
					.enum(ATTENDANCE_STATUSES, { error: () => t`Choose Present, Absent, Late or Excused` })
					.optional(),
			}),
		)
		// The form lists every enrolled student (it is not shown without any): a post without a
		// single row is not that form.
		.min(1, { error: () => t`Choose Present, Absent, Late or Excused for each student` }),
})

export const timeZoneFormSchema = z.object({
	intent: z.literal('timezone'),
	timeZone: z
		.string({ error: () => t`Choose a time zone` })
		.refine(isTimeZone, { error: () => t`Choose a time zone from the list` }),
})

/** "Reset link" of the calendar feed, on the sessions and schedule pages (issue 19). */
export const resetCalendarSchema = z.object({ intent: z.literal('reset-calendar') })

// The student's sessions page: refresh, the time zone, and the calendar link's reset.
export const studentSessionsActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('refresh') }),
	timeZoneFormSchema,
	resetCalendarSchema,
])

// The teacher's schedule page: several small forms, told apart by `intent`.
export const scheduleActionSchema = z.discriminatedUnion('intent', [
	resetCalendarSchema,
	z.object({ intent: z.literal('cancel'), scheduleId: z.string().min(1) }),
	z.object({ intent: z.literal('delete'), scheduleId: z.string().min(1) }),
	z.object({ intent: z.literal('refresh') }),
	timeZoneFormSchema,
])
