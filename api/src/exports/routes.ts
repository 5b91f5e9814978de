import { ownsCourse } from '../courses/routes.ts'
import { findCourse } from '../courses/repository.ts'
import { ownOrganization } from '../organizations/access.ts'
import type { ApiDeps } from '../platform/context.ts'
import { csvAnswer, csvStream, csvTime, fileSlug, type CsvCell } from '../platform/csv.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, fileAnswer, uuidParams } from '../platform/openapi.ts'
import { accountGuard } from '../platform/require-account.ts'
import { validate } from '../platform/validation.ts'
import { toResultCards } from '../scores/present.ts'
import { listTerms, studentsWithScores, subjectsOfTerm } from '../scores/repository.ts'
import { termQuery } from '../scores/schemas.ts'
import { findTask, listSubmissions } from '../tasks/repository.ts'
import { listCourseStudents } from '../users/repository.ts'

/** The most rows one export holds; a list longer than this is cut (api/README.md says so). */
export const EXPORT_ROW_LIMIT = 10_000
const everything = { page: 1, limit: EXPORT_ROW_LIMIT, offset: 0 }
const CSV = 'text/csv'

/**
 * CSV downloads of lists the caller already reads as JSON (issue 19): a task's submissions and
 * grades, an organization's score grid and result cards of a term, a course's class list. Each
 * checks ownership exactly as its JSON call does. Mounted before the domains' own routes, so
 * `/result-cards/export` is not read as a student id.
 */
export function exportRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })

	/** The term asked for, else the latest; none yet is an empty grid. */
	async function termOf(organizationId: string, query: Record<string, string>) {
		const asked = validate(termQuery, query).term
		return asked ?? (await listTerms(db, organizationId)).at(-1) ?? null
	}

	return (
		new ApiRoutes(config)
			.endpoint(
				{
					method: 'get',
					path: '/tasks/{taskId}/submissions/export',
					summary: "A task's submissions and grades as CSV (its tutor's)",
					middleware: requireAccount({ roles: ['tutor'] }),
					request: { params: uuidParams('taskId') },
					responses: answers({ 200: fileAnswer(CSV) }),
				},
				async (c) => {
					const task = await findTask(db, c.req.valid('param').taskId)
					if (!task) throw new ApiError(404, 'Task not found')
					if (task.created_by !== c.get('account').id) throw new ApiError(403, MESSAGES.forbidden)
					const { rows } = await listSubmissions(
						db,
						task,
						{ sortBy: 'studentName', sortDirection: 'asc' },
						everything,
					)
					return csvAnswer(
						c,
						`submissions-${fileSlug(task.title, 'task')}.csv`,
						[
							'Student',
							'Email',
							'Status',
							'Submitted at',
							'File',
							'Comment',
							'Grade',
							'Feedback',
							'Graded at',
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
					summary: "A course's class list as CSV (its tutor's or organization's)",
					middleware: requireAccount({ roles: ['tutor', 'organization'] }),
					request: { params: uuidParams('id') },
					responses: answers({ 200: fileAnswer(CSV) }),
				},
				async (c) => {
					const course = await findCourse(db, c.req.valid('param').id)
					if (!course) throw new ApiError(404, 'Course not found')
					if (!ownsCourse(c.get('account'), course)) throw new ApiError(403, MESSAGES.forbidden)
					const { rows } = await listCourseStudents(db, course.id, everything)
					return csvAnswer(
						c,
						`class-list-${fileSlug(course.title, 'course')}.csv`,
						['First name', 'Last name', 'Email', 'Course'],
						rows.map((student) => [
							student.first_name,
							student.last_name,
							student.email,
							course.title,
						]),
					)
				},
			)
			// The organizations' exports join the contract with the rest of /organizations (pending).
			// Both organization exports stream the whole term a batch of students at a time (issue 28).
			.get('/organizations/:id/scores/export', requireAccount(), async (c) => {
				const organization = await ownOrganization(db, c)
				const term = await termOf(organization.id, c.req.query())
				const subjects = await subjectsOfTerm(db, organization.id, term)
				const rows = async function* () {
					for await (const { students, scores } of studentsWithScores(db, organization.id, {
						term,
					})) {
						const byStudent = new Map<string, Map<string, number>>()
						for (const row of scores) {
							const cells = byStudent.get(row.student_id) ?? new Map<string, number>()
							cells.set(row.subject, Number(row.score))
							byStudent.set(row.student_id, cells)
						}
						yield students.map((student) => {
							const cells = byStudent.get(student.id)
							return [
								`${student.first_name} ${student.last_name}`,
								student.email,
								term,
								...subjects.map((subject): CsvCell => cells?.get(subject)),
							]
						})
					}
				}
				return csvStream(
					c,
					`scores-${fileSlug(term ?? '', 'no-term')}.csv`,
					['Student', 'Email', 'Term', ...subjects],
					rows(),
				)
			})
			.get('/organizations/:id/result-cards/export', requireAccount(), async (c) => {
				const organization = await ownOrganization(db, c)
				const term = await termOf(organization.id, c.req.query())
				const subjects = await subjectsOfTerm(db, organization.id, term)
				const rows = async function* () {
					if (!term) return
					const batches = studentsWithScores(db, organization.id, { term, scoredIn: term })
					for await (const { scores } of batches) {
						yield toResultCards(term, scores).map((card) => {
							const bySubject = new Map(card.subjects.map((entry) => [entry.subject, entry.score]))
							return [
								card.student.name,
								card.student.email,
								card.term,
								...subjects.map((subject): CsvCell => bySubject.get(subject)),
								card.average,
								card.bucket,
							]
						})
					}
				}
				return csvStream(
					c,
					`result-cards-${fileSlug(term ?? '', 'no-term')}.csv`,
					['Student', 'Email', 'Term', ...subjects, 'Average', 'Band'],
					rows(),
				)
			})
	)
}
