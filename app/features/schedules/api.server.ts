import { t } from '@lingui/core/macro'
import type { createUpstream } from '~/platform/upstream.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { z } from 'zod'
import {
	attendanceRegisterSchema,
	attendanceRosterSchema,
	courseOptionsSchema,
	scheduleAnswerSchema,
	scheduleListSchema,
	type AttendanceStatus,
	type ScheduleForm,
} from './schema'

// The Schedules calls of spec section 7, each with the spec's fallback error text. The calls mix
// `/schedule` and `/schedules`, and the upstream client invalidates by a path's first segment, so
// every change names the other one too.
type Upstream = ReturnType<typeof createUpstream>

export type ScheduleFilters = {
	from?: string
	to?: string
	status?: string
	courseId?: string
	order?: 'asc' | 'desc'
	page?: number
	limit?: number
	/** Ask for `totals` (the sessions and minutes of every match, cancelled ones left out). */
	totals?: boolean
}

export const FETCH_FAILED = 'Failed to fetch schedules'

export function getSchedules(api: Upstream, filters: ScheduleFilters, { fresh = false } = {}) {
	const { page = 1, limit = 10, totals, ...rest } = filters
	return api.get('/schedule', {
		query: { ...rest, page, limit, ...(totals && { totals: 'true' }) },
		schema: scheduleListSchema,
		fallback: FETCH_FAILED,
		retry: true,
		fresh,
	})
}

export async function getSchedule(api: Upstream, id: string) {
	const { schedule } = await api.get(`/schedules/${encodeURIComponent(id)}`, {
		schema: scheduleAnswerSchema,
		fallback: FETCH_FAILED,
	})
	return schedule
}

/** The teacher's courses for the form; a new course (a `courses` change) shows at once. */
export async function getScheduleCourses(api: Upstream) {
	const { courses } = await api.get('/schedule/courses', {
		schema: courseOptionsSchema,
		fallback: t`Failed to fetch courses`,
		resource: 'courses',
	})
	return courses
}

/** Multipart (spec section 7); its failures carry the `error` field (spec section 8). */
export async function createSchedule(api: Upstream, values: ScheduleForm) {
	const form = new FormData()
	for (const [key, value] of Object.entries(values)) {
		if (value !== undefined && value !== '') form.set(key, String(value))
	}
	try {
		const { schedule } = await api.send('POST', '/schedule/create', {
			form,
			schema: scheduleAnswerSchema,
			// Spec section 8: the toast falls back to 'Failed to create schedule', the stored text to this.
			fallback: t`Failed to create schedules`,
			errorField: 'error',
			invalidates: ['schedules'],
		})
		return schedule
	} catch (error) {
		throw withCreateFallbackToast(error)
	}
}

/** A failure that matched no row of the general error table gets the spec's own toast text. */
function withCreateFallbackToast(error: unknown) {
	if (!(error instanceof UpstreamError) || error.kind !== 'unknown') return error
	return new UpstreamError({
		kind: error.kind,
		text: error.text,
		status: error.status,
		fieldErrors: error.fieldErrors,
		toast: { type: 'error', title: t`Failed to create schedule`, duration: 4000 },
		cause: error,
	})
}

export type ScheduleUpdate = Partial<Omit<ScheduleForm, 'description'>> & {
	description?: string | null
}

export async function updateSchedule(api: Upstream, id: string, updates: ScheduleUpdate) {
	const { schedule } = await api.send('PUT', `/schedules/${encodeURIComponent(id)}`, {
		json: updates,
		schema: scheduleAnswerSchema,
		fallback: t`Failed to update schedule`,
		invalidates: ['schedule'],
	})
	return schedule
}

export async function cancelSchedule(api: Upstream, id: string) {
	const { schedule } = await api.send('POST', `/schedule/${encodeURIComponent(id)}/cancel`, {
		schema: scheduleAnswerSchema,
		fallback: t`Failed to cancel schedule`,
		invalidates: ['schedules'],
	})
	return schedule
}

export function deleteSchedule(api: Upstream, id: string) {
	return api.send('DELETE', `/schedule/${encodeURIComponent(id)}/delete`, {
		schema: scheduleAnswerSchema.pick({}).loose(),
		fallback: t`Failed to delete schedule`,
		invalidates: ['schedules'],
	})
}

/** The roster is read fresh: it is a form, and enrolments change outside schedules. */
export function getAttendance(api: Upstream, id: string) {
	return api.get(`/schedules/${encodeURIComponent(id)}/attendance`, {
		schema: attendanceRosterSchema,
		fallback: FETCH_FAILED,
		cache: false,
	})
}

/** A register's changed statuses in one call: all are saved, or none (decision 066). */
export async function recordRegister(
	api: Upstream,
	id: string,
	attendance: readonly { studentId: string; attendanceStatus: AttendanceStatus }[],
) {
	const { data } = await api.send(
		'POST',
		`/schedules/${encodeURIComponent(id)}/attendance/register`,
		{
			json: { attendance },
			schema: attendanceRegisterSchema,
			fallback: t`Failed to record attendance`,
			invalidates: ['schedule'],
		},
	)
	return data
}

const CALENDAR_FAILED = 'Failed to fetch calendar'
const calendarFeedSchema = z.object({
	feed: z.object({ token: z.string().regex(/^[\w-]+$/), createdAt: z.string() }),
})

/** The caller's private calendar feed (issue 19; api/README.md), made on first call. */
export async function getCalendarFeed(api: Upstream) {
	const { feed } = await api.get('/calendar/feed', {
		schema: calendarFeedSchema,
		fallback: CALENDAR_FAILED,
	})
	return feed
}

/** A new feed address; the old one stops working. */
export function resetCalendarFeed(api: Upstream) {
	return api.send('POST', '/calendar/feed/reset', {
		schema: calendarFeedSchema,
		fallback: t`Failed to reset calendar link`,
	})
}

/** The feed itself, for calendar apps: the address is the secret, no session is needed. */
export function openCalendarFeed(api: Upstream, token: string, conditional?: Headers) {
	return api.stream(`/calendar/feeds/${encodeURIComponent(token)}`, {
		fallback: CALENDAR_FAILED,
		conditional,
	})
}
