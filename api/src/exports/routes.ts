import { requestSpeaker } from '../platform/i18n.ts'
import { runsCourse } from '../courses/access.ts'
import { findCourse } from '../courses/repository.ts'
import type { ApiDeps } from '../platform/context.ts'
import { csvAnswer, csvTime, fileSlug } from '../platform/csv.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, fileAnswer, uuidParams } from '../platform/openapi.ts'
import { accountGuard } from '../platform/require-account.ts'
import { findTask, listSubmissions } from '../tasks/repository.ts'
import { listCourseStudents } from '../users/repository.ts'

/** The most rows one export holds; a list longer than this is cut (its call's description says so). */
export const EXPORT_ROW_LIMIT = 10_000
const everything = { page: 1, limit: EXPORT_ROW_LIMIT, offset: 0 }
const CSV = 'text/csv'

/**
 * CSV downloads of lists the caller already reads as JSON (issue 19): a task's submissions and
 * grades, a course's class list (an organization's score grid and result cards are declared with
 * the scores). Each checks ownership exactly as its JSON call does. Mounted before the domains'
 * own routes, so `/export` is not read as an id.
 */
export function exportRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })

	return new ApiRoutes(config, 'exports')
		.endpoint(
			{
				method: 'get',
				path: '/tasks/{taskId}/submissions/export',
				operationId: 'downloadSubmissionsCsv',
				summary: "A task's submissions and grades as CSV (its tutor's)",
				middleware: requireAccount({ roles: ['tutor'] }),
				request: { params: uuidParams('taskId') },
				description:
					"The task's tutor: every student on the task's roster (Pending ones too), by last name, at most 10,000 rows, as CSV: Student, Email, Status, Submitted at, File, Comment, Grade, Feedback, Graded at. The CSV conventions are in api/README.md.",
				responses: answers(
					{ 200: fileAnswer(CSV) },
					{ 403: MESSAGES.forbidden, 404: 'Task not found' },
				),
			},
			async (c) => {
				const task = await findTask(db, c.req.valid('param').taskId)
				if (!task) throw new ApiError(404, 'Task not found')
				if (task.created_by !== c.get('account').id) throw new ApiError(403, MESSAGES.forbidden)
				const { say } = requestSpeaker(c.req.header('Accept-Language'))
				const { rows } = await listSubmissions(
					db,
					task,
					{ sortBy: 'studentName', sortDirection: 'asc' },
					everything,
				)
				return csvAnswer(
					c,
					`submissions-${fileSlug(task.title, 'task')}.csv`,
					// Headers for people, in the language of whoever downloads (decision 064).
					[
						say('Student'),
						say('Email'),
						say('Status'),
						say('Submitted at'),
						say('File'),
						say('Comment'),
						say('Grade'),
						say('Feedback'),
						say('Graded at'),
					],
					rows.map((row) => [
						`${row.first_name} ${row.last_name}`,
						row.email,
						row.status,
						csvTime(row.submitted_at),
						row.id ? (row.file_name ?? 'submission') : '',
						row.comment,
						row.grade === null ? null : Number(row.grade),
						row.feedback,
						csvTime(row.graded_at),
					]),
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/courses/{id}/students/export',
				operationId: 'downloadClassListCsv',
				summary: "A course's class list as CSV (its tutor's or organization's)",
				middleware: requireAccount({ roles: ['tutor', 'organization'] }),
				request: { params: uuidParams('id') },
				description:
					"The course's tutor or organization: the class list by last name, at most 10,000 rows, as CSV: First name, Last name, Email, Course.",
				responses: answers(
					{ 200: fileAnswer(CSV) },
					{ 403: MESSAGES.forbidden, 404: 'Course not found' },
				),
			},
			async (c) => {
				const course = await findCourse(db, c.req.valid('param').id)
				if (!course) throw new ApiError(404, 'Course not found')
				if (!runsCourse(c.get('account'), course)) throw new ApiError(403, MESSAGES.forbidden)
				const { say } = requestSpeaker(c.req.header('Accept-Language'))
				const { rows } = await listCourseStudents(db, course.id, everything)
				return csvAnswer(
					c,
					`class-list-${fileSlug(course.title, 'course')}.csv`,
					[say('First name'), say('Last name'), say('Email'), say('Course')],
					rows.map((student) => [
						student.first_name,
						student.last_name,
						student.email,
						course.title,
					]),
				)
			},
		)
}
