import { coursesRunBy, enrolledAmong, isEnrolled } from '../courses/repository.ts'
import { courseMenuRoute } from '../courses/schemas.ts'
import { notifyStudents } from '../mail/notifications.ts'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError, MESSAGES, validationError } from '../platform/errors.ts'
import {
	answers,
	ApiRoutes,
	deletedAnswer,
	formBody,
	jsonBody,
	uuidParams,
} from '../platform/openapi.ts'
import { toPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { toSchedule } from './present.ts'
import {
	attendanceRoster,
	cancelSchedule,
	deleteSchedule,
	findSchedule,
	insertSchedule,
	listSchedules,
	recordAttendance,
	recordRegister,
	updateSchedule,
} from './repository.ts'
import {
	attendanceList,
	attendanceRecord,
	attendanceRegister,
	changedSchedule,
	createdSchedule,
	oneSchedule,
	recordedAttendance,
	recordedRegister,
	scheduleCreation,
	scheduleFilters,
	scheduleList,
	scheduleUpdate,
} from './schemas.ts'
import {
	NOT_FOUND,
	viewerOf,
	ownCourse,
	maySee,
	ownSchedule,
	CANCELLED_NOT_EDITABLE,
	OWN_SCHEDULE_REFUSALS,
	ATTENDANCE_REFUSALS,
	NOT_ENROLLED,
	registerOf,
} from './access.ts'
import { sessionTimes, sessionNotice } from './sessions.ts'

/** `GET /schedule`, `POST /schedule/create`, cancel and delete (spec section 7's `/schedule` paths). */
export function scheduleRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	const teacher = requireAccount({ roles: ['tutor'] })

	return (
		new ApiRoutes(config, 'schedules')
			.endpoint(
				{
					method: 'get',
					path: '/',
					operationId: 'getSchedules',
					summary: 'The sessions the caller may see, filtered',
					middleware: requireAccount(),
					request: { query: scheduleFilters },
					description:
						"Any account: a tutor's own sessions, a student's courses' sessions (with their own `attendanceStatus`), an organization's courses' sessions. `status` is one of the three; `from` (inclusive) and `to` (exclusive) filter `startsAt` (ISO 8601 with `Z` or an offset; a bare `YYYY-MM-DD` is that day's 00:00 UTC); `order` is `asc` (default) or `desc` by `startsAt`; `totals=true` adds `totals: { sessions, minutes }` over every match, cancelled sessions left out. A session keeps the date, start time and IANA time zone the teacher entered (shown back on edit) and the instants computed from them (`startsAt`, `endsAt`). `status` is `Scheduled`, `Cancelled`, or `Completed`: read at request time for a session not cancelled whose `endsAt` has passed. A wall-clock time the zone skips is refused; one that happens twice is read as one of the two. `roomId` is the session's own live classroom.",
					responses: answers({ 200: scheduleList }),
				},
				async (c) => {
					const filters = c.req.valid('query')
					const page = toPage(filters)
					const now = new Date()
					const { rows, total, totals } = await listSchedules(
						db,
						viewerOf(c.get('account')),
						filters,
						page,
						now,
					)
					return c.json(
						{
							schedules: rows.map((row) => toSchedule(row, now)),
							pagination: {
								total,
								page: page.page,
								limit: page.limit,
								totalPages: Math.ceil(total / page.limit),
							},
							...(filters.totals === 'true' && { totals }),
						},
						200,
					)
				},
			)
			.endpoint(courseMenuRoute(teacher, 'getScheduleCourses'), async (c) =>
				c.json(await coursesRunBy(db, c.get('account'), c.req.valid('query')), 200),
			)
			// `app.ts` has this call's errors answered in `error` (spec section 8).
			.endpoint(
				{
					method: 'post',
					path: '/create',
					operationId: 'createSchedule',
					summary: 'Schedule a session (a form; errors under `error`)',
					middleware: teacher,
					request: { body: formBody(scheduleCreation) },
					description:
						"A tutor schedules a session of their own course (multipart or urlencoded; `timeZone` `UTC` when absent); its live classroom opens with it and the course's students are mailed (the `sessions` kind). Refusals carry their text under `error` (spec section 8). A session keeps the date, start time and IANA time zone the teacher entered (shown back on edit) and the instants computed from them (`startsAt`, `endsAt`). `status` is `Scheduled`, `Cancelled`, or `Completed`: read at request time for a session not cancelled whose `endsAt` has passed. A wall-clock time the zone skips is refused; one that happens twice is read as one of the two. `roomId` is the session's own live classroom.",
					responses: answers(
						{ 201: createdSchedule },
						{
							400: {
								path: 'startTime',
								msg: '<time> does not exist on <date> in <zone> (the clocks skip it); choose another time',
							},
							403: MESSAGES.forbidden,
							404: 'Course not found',
						},
						{ under: 'error' },
					),
				},
				async (c) => {
					const account = c.get('account')
					const fields = c.req.valid('form')
					await ownCourse(db, account, fields.courseId)
					const id = await insertSchedule(db, {
						course_id: fields.courseId,
						tutor_id: account.id,
						title: fields.title,
						description: fields.description ?? null,
						...sessionTimes(
							fields.scheduledDate,
							fields.startTime,
							fields.duration,
							fields.timeZone,
						),
					})
					const row = await findSchedule(db, id, viewerOf(account))
					if (!row) throw new Error('created schedule vanished')
					notifyStudents(
						{ db, config },
						{ courseId: row.course_id },
						sessionNotice('scheduled', toSchedule(row)),
					)
					return c.json(
						{ message: 'Schedule created successfully', id, schedule: toSchedule(row) },
						201,
					)
				},
			)
			.endpoint(
				{
					method: 'post',
					path: '/{id}/cancel',
					operationId: 'cancelSchedule',
					summary: 'Cancel a session (again: no change)',
					middleware: teacher,
					request: { params: uuidParams('id') },
					description:
						"The session's teacher cancels it (again: the same answer); the course's students are mailed.",
					responses: answers(
						{ 200: changedSchedule },
						{ ...OWN_SCHEDULE_REFUSALS, 409: 'A completed session cannot be cancelled' },
					),
				},
				async (c) => {
					const account = c.get('account')
					const row = await ownSchedule(db, account, c.req.valid('param').id)
					const current = toSchedule(row)
					if (current.status === 'Completed') {
						throw new ApiError(409, 'A completed session cannot be cancelled')
					}
					// Cancelling twice (a repeated form post) is not an error.
					if (current.status === 'Scheduled') await cancelSchedule(db, row.id)
					const cancelled = await findSchedule(db, row.id, viewerOf(account))
					if (!cancelled) throw new ApiError(404, NOT_FOUND)
					if (current.status === 'Scheduled') {
						notifyStudents(
							{ db, config },
							{ courseId: cancelled.course_id },
							sessionNotice('cancelled', toSchedule(cancelled)),
						)
					}
					return c.json(
						{ message: 'Schedule cancelled successfully', schedule: toSchedule(cancelled) },
						200,
					)
				},
			)
			.endpoint(
				{
					method: 'delete',
					path: '/{id}/delete',
					operationId: 'deleteSchedule',
					summary: 'Delete a session',
					middleware: teacher,
					request: { params: uuidParams('id') },
					description: "The session's teacher deletes it, with its attendance.",
					responses: answers({ 200: deletedAnswer }, OWN_SCHEDULE_REFUSALS),
				},
				async (c) => {
					const row = await ownSchedule(db, c.get('account'), c.req.valid('param').id)
					await deleteSchedule(db, row.id)
					return c.json({ message: 'Schedule deleted successfully', id: row.id }, 200)
				},
			)
	)
}

/** `PUT /schedules/{id}`, one session, and its attendance (spec section 7's `/schedules` paths). */
export function schedulesRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	const teacher = requireAccount({ roles: ['tutor'] })

	return new ApiRoutes(config, 'schedules')
		.endpoint(
			{
				method: 'get',
				path: '/{id}',
				operationId: 'getSchedule',
				summary: 'One session',
				middleware: requireAccount(),
				request: { params: uuidParams('id') },
				description:
					"The session's teacher, a student enrolled in its course, or the course's organization. A session keeps the date, start time and IANA time zone the teacher entered (shown back on edit) and the instants computed from them (`startsAt`, `endsAt`). `status` is `Scheduled`, `Cancelled`, or `Completed`: read at request time for a session not cancelled whose `endsAt` has passed. A wall-clock time the zone skips is refused; one that happens twice is read as one of the two. `roomId` is the session's own live classroom.",
				responses: answers({ 200: oneSchedule }, OWN_SCHEDULE_REFUSALS),
			},
			async (c) => {
				const account = c.get('account')
				const row = await findSchedule(db, c.req.valid('param').id, viewerOf(account))
				if (!row) throw new ApiError(404, NOT_FOUND)
				if (!(await maySee(db, account, row))) throw new ApiError(403, MESSAGES.forbidden)
				return c.json({ schedule: toSchedule(row) }, 200)
			},
		)
		.endpoint(
			{
				method: 'put',
				path: '/{id}',
				operationId: 'updateSchedule',
				summary: 'Change a session',
				middleware: teacher,
				request: { params: uuidParams('id'), body: jsonBody(scheduleUpdate) },
				description:
					"The session's teacher changes any of its fields (at least one; `courseId` one of their own courses; `null` clears `description`); the course's students are mailed.",
				responses: answers(
					{ 200: changedSchedule },
					{
						400: {
							path: 'startTime',
							msg: '<time> does not exist on <date> in <zone> (the clocks skip it); choose another time',
						},
						403: MESSAGES.forbidden,
						404: ['Schedule not found', 'Course not found'],
						409: 'A cancelled session cannot be edited',
					},
				),
			},
			async (c) => {
				const account = c.get('account')
				const row = await ownSchedule(db, account, c.req.valid('param').id)
				if (row.status === 'Cancelled') throw new ApiError(409, CANCELLED_NOT_EDITABLE)
				const update = c.req.valid('json')
				if (update.courseId && update.courseId !== row.course_id) {
					await ownCourse(db, account, update.courseId)
				}
				const changed = await updateSchedule(db, row.id, {
					course_id: update.courseId,
					title: update.title,
					description: update.description,
					...sessionTimes(
						update.scheduledDate ?? row.scheduled_date,
						update.startTime ?? row.start_time,
						update.duration ?? row.duration,
						update.timeZone ?? row.time_zone,
					),
				})
				if (!changed.numUpdatedRows) throw new ApiError(409, CANCELLED_NOT_EDITABLE)
				const updated = await findSchedule(db, row.id, viewerOf(account))
				if (!updated) throw new ApiError(404, NOT_FOUND)
				notifyStudents(
					{ db, config },
					{ courseId: updated.course_id },
					sessionNotice('changed', toSchedule(updated)),
				)
				return c.json(
					{ message: 'Schedule updated successfully', schedule: toSchedule(updated) },
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/{id}/attendance',
				operationId: 'getAttendance',
				summary: "A session's attendance, one row per enrolled student",
				middleware: teacher,
				request: { params: uuidParams('id') },
				description:
					"The session's teacher: every enrolled student with their `attendanceStatus` and `recordedAt` (null until taken).",
				responses: answers({ 200: attendanceList }, OWN_SCHEDULE_REFUSALS),
			},
			async (c) => {
				const row = await ownSchedule(db, c.get('account'), c.req.valid('param').id)
				const roster = await attendanceRoster(db, row.id, row.course_id)
				return c.json(
					{
						schedule: toSchedule(row),
						attendance: roster.map((entry) => ({
							studentId: entry.id,
							student: {
								id: entry.id,
								name: `${entry.first_name} ${entry.last_name}`,
								email: entry.email,
							},
							attendanceStatus: entry.attendance_status,
							recordedAt: entry.recorded_at?.toISOString() ?? null,
						})),
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/{id}/attendance',
				operationId: 'recordAttendance',
				summary: "Record a student's attendance",
				middleware: teacher,
				request: { params: uuidParams('id'), body: jsonBody(attendanceRecord) },
				description:
					"The session's teacher records a student's attendance (`Present`, `Absent`, `Late` or `Excused`): one status per student, recording again corrects it.",
				responses: answers(
					{ 200: recordedAttendance },
					{
						400: { path: 'studentId', msg: NOT_ENROLLED },
						...ATTENDANCE_REFUSALS,
					},
				),
			},
			async (c) => {
				const account = c.get('account')
				const row = await registerOf(db, account, c.req.valid('param').id)
				const { studentId, attendanceStatus } = c.req.valid('json')
				if (!(await isEnrolled(db, row.course_id, studentId))) {
					throw validationError([{ path: 'studentId', msg: NOT_ENROLLED }])
				}
				const saved = await recordAttendance(db, {
					scheduleId: row.id,
					studentId,
					status: attendanceStatus,
					recordedBy: account.id,
				})
				return c.json(
					{
						message: 'Attendance recorded',
						data: {
							scheduleId: saved.schedule_id,
							studentId: saved.student_id,
							attendanceStatus: saved.attendance_status,
							recordedAt: saved.recorded_at.toISOString(),
						},
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/{id}/attendance/register',
				operationId: 'recordRegister',
				summary: "Record a session's register: many students' attendance at once",
				middleware: teacher,
				request: { params: uuidParams('id'), body: jsonBody(attendanceRegister) },
				description:
					"The session's teacher records the attendance of up to 500 students in one call, as `POST /schedules/{id}/attendance` does for one: each student once, each enrolled in the course. All are saved, or none (a student not enrolled refuses the whole register, naming the entry).",
				responses: answers(
					{ 200: recordedRegister },
					{
						400: { path: 'attendance.0.studentId', msg: NOT_ENROLLED },
						...ATTENDANCE_REFUSALS,
					},
				),
			},
			async (c) => {
				const account = c.get('account')
				const row = await registerOf(db, account, c.req.valid('param').id)
				const { attendance } = c.req.valid('json')
				const enrolled = await enrolledAmong(
					db,
					row.course_id,
					attendance.map((entry) => entry.studentId),
				)
				const outsiders = attendance.flatMap((entry, index) =>
					enrolled.has(entry.studentId)
						? []
						: [{ path: `attendance.${index}.studentId`, msg: NOT_ENROLLED }],
				)
				if (outsiders.length) throw validationError(outsiders)
				const saved = await recordRegister(db, {
					scheduleId: row.id,
					records: attendance.map((entry) => ({
						studentId: entry.studentId,
						status: entry.attendanceStatus,
					})),
					recordedBy: account.id,
				})
				return c.json(
					{
						message: 'Attendance recorded',
						data: saved.map((entry) => ({
							scheduleId: entry.schedule_id,
							studentId: entry.student_id,
							attendanceStatus: entry.attendance_status,
							recordedAt: entry.recorded_at.toISOString(),
						})),
					},
					200,
				)
			},
		)
}
