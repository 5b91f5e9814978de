import { coursesRunBy, isEnrolled } from '../courses/repository.ts'
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
	updateSchedule,
} from './repository.ts'
import {
	attendanceList,
	attendanceRecord,
	changedSchedule,
	createdSchedule,
	oneSchedule,
	recordedAttendance,
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
					responses: answers({ 201: createdSchedule }),
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
					responses: answers({ 200: changedSchedule }),
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
					responses: answers({ 200: deletedAnswer }),
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
				responses: answers({ 200: oneSchedule }),
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
				responses: answers({ 200: changedSchedule }),
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
				responses: answers({ 200: attendanceList }),
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
				responses: answers({ 200: recordedAttendance }),
			},
			async (c) => {
				const account = c.get('account')
				const row = await ownSchedule(db, account, c.req.valid('param').id)
				const { studentId, attendanceStatus } = c.req.valid('json')
				if (row.status === 'Cancelled') {
					throw new ApiError(409, 'Attendance cannot be recorded for a cancelled session')
				}
				if (!(await isEnrolled(db, row.course_id, studentId))) {
					throw validationError([
						{ path: 'studentId', msg: 'This student is not enrolled in the course' },
					])
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
}
