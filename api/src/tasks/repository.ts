import { sql, type RawBuilder, type Selectable } from 'kysely'
import type { Db } from '../db.ts'
import { rowsAndTotal, type Page } from '../platform/pagination.ts'
import type { TasksTable } from '../schema.ts'
import type { SubmissionStatus, SUBMISSION_SORTS } from './schemas.ts'

export type TaskRow = Selectable<TasksTable> & {
	course_title: string
	teacher_first_name: string
	teacher_last_name: string
	submission_count: number
	enrolled_count: number
	my_status: SubmissionStatus | null
}

/** The one place a submission's status is decided (see 004_tasks.sql). */
const statusOf = (submission: string, task: string) =>
	sql.raw(
		`CASE WHEN ${submission}.id IS NULL THEN 'Pending' WHEN ${submission}.graded_at IS NOT NULL THEN 'Graded' ` +
			`WHEN ${submission}.submitted_at > ${task}.due_date THEN 'Late' ELSE 'Submitted' END`,
	)

/** Tasks that are not deleted, with course, teacher and counts; `student`'s own status when given. */
function tasks(db: Db, student: string | null) {
	return db
		.selectFrom('tasks as t')
		.innerJoin('courses as c', 'c.id', 't.course_id')
		.innerJoin('users as u', 'u.id', 't.created_by')
		.select([
			't.id',
			't.course_id',
			't.created_by',
			't.title',
			't.description',
			't.task_type',
			't.due_date',
			't.end_date',
			't.attachment_key',
			't.attachment_name',
			't.attachment_type',
			't.attachment_size',
			't.is_deleted',
			't.created_at',
			't.updated_at',
			'c.title as course_title',
			'u.first_name as teacher_first_name',
			'u.last_name as teacher_last_name',
			sql<number>`(SELECT count(*)::int FROM task_submissions s WHERE s.task_id = t.id)`.as(
				'submission_count',
			),
			sql<number>`(SELECT count(*)::int FROM enrollments e WHERE e.course_id = t.course_id)`.as(
				'enrolled_count',
			),
			student
				? sql<SubmissionStatus | null>`(SELECT ${statusOf('s', 't')} FROM (SELECT 1) one
					LEFT JOIN task_submissions s ON s.task_id = t.id AND s.student_id = ${student})`.as('my_status')
				: sql<SubmissionStatus | null>`NULL`.as('my_status'),
		])
		.where('t.is_deleted', '=', false)
}

export type TaskFilter =
	| { tutorId: string; taskType?: string }
	| {
			studentId: string
			createdBy?: string
			taskType?: string
			dueFrom?: Date
			unsubmitted?: boolean
	  }

/** A tutor's own tasks, or the tasks of a student's courses. */
export async function listTasks(db: Db, filter: TaskFilter, page: Page) {
	let query = tasks(db, 'studentId' in filter ? filter.studentId : null)
	if ('tutorId' in filter) {
		query = query.where('t.created_by', '=', filter.tutorId)
	} else {
		query = query.where(
			't.course_id',
			'in',
			db.selectFrom('enrollments').select('course_id').where('student_id', '=', filter.studentId),
		)
		if (filter.createdBy) query = query.where('t.created_by', '=', filter.createdBy)
		if (filter.dueFrom) query = query.where('t.due_date', '>=', filter.dueFrom)
		if (filter.unsubmitted) {
			const student = filter.studentId
			query = query.where(({ not, exists, selectFrom }) =>
				not(
					exists(
						selectFrom('task_submissions as s')
							.select('s.id')
							.whereRef('s.task_id', '=', 't.id')
							.where('s.student_id', '=', student),
					),
				),
			)
		}
	}
	if (filter.taskType) {
		query = query.where('t.task_type', '=', filter.taskType as TasksTable['task_type'])
	}
	// A tutor sees the newest task first; a student the one due soonest.
	const ordered =
		'tutorId' in filter ? query.orderBy('t.created_at', 'desc') : query.orderBy('t.due_date', 'asc')
	const { rows, total } = await rowsAndTotal(
		page,
		ordered.orderBy('t.id').limit(page.limit).offset(page.offset).execute(),
		() =>
			query
				.clearSelect()
				.select(sql<number>`count(*)::int`.as('total'))
				.executeTakeFirstOrThrow(),
	)
	return { rows: rows as TaskRow[], total }
}

export const findTask = async (db: Db, id: string, student: string | null = null) =>
	(await tasks(db, student).where('t.id', '=', id).executeTakeFirst()) as TaskRow | undefined

export type NewTask = {
	courseId: string
	createdBy: string
	title: string
	description: string | null
	taskType: TasksTable['task_type']
	dueDate: Date
	endDate: Date | null
	attachment: TaskAttachment | null
}

export const insertTask = (db: Db, task: NewTask) =>
	db
		.insertInto('tasks')
		.values({
			course_id: task.courseId,
			created_by: task.createdBy,
			title: task.title,
			description: task.description,
			task_type: task.taskType,
			due_date: task.dueDate,
			end_date: task.endDate,
			attachment_key: task.attachment?.key ?? null,
			attachment_name: task.attachment?.name ?? null,
			attachment_type: task.attachment?.type ?? null,
			attachment_size: task.attachment?.size ?? null,
		})
		.returning('id')
		.executeTakeFirstOrThrow()

export type TaskChanges = {
	title?: string
	description?: string | null
	task_type?: TasksTable['task_type']
	due_date?: Date
	end_date?: Date | null
}

export type TaskAttachment = { key: string; name: string; type: string; size: number }

/**
 * Applies the changes; `attachment` replaces the file (an object) or removes it (null), and the
 * answer names the file that was there before, for the caller to delete once the row no longer
 * points at it. The row is locked while it is read, so two replacements at once each hand back
 * the file that the other did not keep.
 */
export async function updateTask(
	db: Db,
	id: string,
	changes: TaskChanges,
	attachment?: TaskAttachment | null,
): Promise<{ replacedKey: string | null }> {
	return db.transaction().execute(async (trx) => {
		const before = await trx
			.selectFrom('tasks')
			.select('attachment_key')
			.where('id', '=', id)
			.where('is_deleted', '=', false)
			.forUpdate()
			.executeTakeFirst()
		const file =
			attachment === undefined
				? {}
				: {
						attachment_key: attachment?.key ?? null,
						attachment_name: attachment?.name ?? null,
						attachment_type: attachment?.type ?? null,
						attachment_size: attachment?.size ?? null,
					}
		await trx
			.updateTable('tasks')
			.set({ ...changes, ...file, updated_at: new Date() })
			.where('id', '=', id)
			.where('is_deleted', '=', false)
			.execute()
		return { replacedKey: attachment === undefined ? null : (before?.attachment_key ?? null) }
	})
}

export const softDeleteTask = (db: Db, id: string) =>
	db
		.updateTable('tasks')
		.set({ is_deleted: true, updated_at: new Date() })
		.where('id', '=', id)
		.execute()

export type SubmissionRow = {
	id: string | null
	task_id: string
	task_title: string
	due_date: Date
	student_id: string
	first_name: string
	last_name: string
	email: string
	file_name: string | null
	file_type: string | null
	file_size: number | null
	comment: string | null
	submitted_at: Date | null
	grade: number | null
	feedback: string | null
	graded_at: Date | null
	status: SubmissionStatus
}

type TaskRef = Pick<TaskRow, 'id' | 'course_id'>

/**
 * One row per student of the task: everyone enrolled in its course (Pending until they submit) and
 * anyone who submitted (even if no longer enrolled).
 */
const roster = (task: TaskRef) => sql`
	roster AS (
		SELECT student_id FROM enrollments WHERE course_id = ${task.course_id}
		UNION SELECT student_id FROM task_submissions WHERE task_id = ${task.id}
	),
	rows AS (
		SELECT s.id, t.id AS task_id, t.title AS task_title, t.due_date, u.id AS student_id,
			u.first_name, u.last_name, u.email, s.file_name, s.file_type, s.file_size, s.comment,
			s.submitted_at, s.grade, s.feedback, s.graded_at, ${statusOf('s', 't')} AS status
		FROM roster r
		JOIN users u ON u.id = r.student_id
		JOIN tasks t ON t.id = ${task.id}
		LEFT JOIN task_submissions s ON s.task_id = t.id AND s.student_id = u.id
	)`

const SORT_COLUMNS: Record<(typeof SUBMISSION_SORTS)[number], string> = {
	submittedAt: 'submitted_at',
	studentName: 'last_name',
	status: 'status',
	grade: 'grade',
}

export type SubmissionListOptions = {
	statuses?: SubmissionStatus[]
	sortBy: (typeof SUBMISSION_SORTS)[number]
	sortDirection: 'asc' | 'desc'
}

export async function listSubmissions(
	db: Db,
	task: TaskRef,
	options: SubmissionListOptions,
	page: Page,
) {
	const where: RawBuilder<unknown> = options.statuses?.length
		? sql`WHERE status IN (${sql.join(options.statuses)})`
		: sql``
	const order = sql.raw(
		`${SORT_COLUMNS[options.sortBy]} ${options.sortDirection === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, ` +
			'last_name, first_name, student_id',
	)
	const { rows } = await sql<SubmissionRow & { total: number }>`
		WITH ${roster(task)}
		SELECT *, count(*) OVER ()::int AS total FROM rows ${where}
		ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db)
	let total = rows[0]?.total
	if (total === undefined) {
		// An empty page past the end still needs the total.
		const counted = await sql<{ total: number }>`
			WITH ${roster(task)} SELECT count(*)::int AS total FROM rows ${where}`.execute(db)
		total = counted.rows[0]?.total ?? 0
	}
	return { rows: rows as SubmissionRow[], total: Number(total) }
}

/** How many students are in each status, and every grade given, for the whole task. */
export async function submissionSummary(db: Db, task: TaskRef) {
	const { rows } = await sql<{ status: SubmissionStatus; count: number; grades: number[] | null }>`
		WITH ${roster(task)}
		SELECT status, count(*)::int AS count, array_agg(grade ORDER BY grade) FILTER (WHERE grade IS NOT NULL) AS grades
		FROM rows GROUP BY status`.execute(db)
	const counts: Record<SubmissionStatus, number> = { Pending: 0, Submitted: 0, Late: 0, Graded: 0 }
	const grades: number[] = []
	for (const row of rows) {
		counts[row.status] = Number(row.count)
		grades.push(...(row.grades ?? []).map(Number))
	}
	return { counts, grades: grades.sort((a, b) => a - b) }
}

/** The student's row for the task (Pending when nothing is in), or undefined when not on its roster. */
export async function findStudentSubmission(db: Db, task: TaskRef, studentId: string) {
	const { rows } = await sql<SubmissionRow>`
		WITH ${roster(task)} SELECT * FROM rows WHERE student_id = ${studentId}`.execute(db)
	return rows[0]
}

export async function findSubmissionById(db: Db, id: string) {
	return db
		.selectFrom('task_submissions as s')
		.innerJoin('tasks as t', 't.id', 's.task_id')
		.select([
			's.id',
			's.task_id',
			's.student_id',
			's.file_key',
			's.file_name',
			's.graded_at',
			't.course_id',
			't.created_by',
			't.is_deleted',
		])
		.where('s.id', '=', id)
		.executeTakeFirst()
}

export const findOwnSubmission = (db: Db, taskId: string, studentId: string) =>
	db
		.selectFrom('task_submissions')
		.select(['id', 'file_key', 'graded_at'])
		.where('task_id', '=', taskId)
		.where('student_id', '=', studentId)
		.executeTakeFirst()

export type SubmittedFile = {
	key: string
	name: string
	type: string
	size: number
	comment: string | null
}

/**
 * Records the student's work: a first submission, or a replacement of one not yet graded. Answers
 * the file key it replaced (to remove), or `'graded'` when grading already closed it.
 */
export async function saveSubmission(
	db: Db,
	taskId: string,
	studentId: string,
	file: SubmittedFile,
): Promise<{ created: boolean; replacedKey: string | null } | 'graded'> {
	return db.transaction().execute(async (trx) => {
		const existing = await trx
			.selectFrom('task_submissions')
			.select(['id', 'file_key', 'graded_at'])
			.where('task_id', '=', taskId)
			.where('student_id', '=', studentId)
			.forUpdate()
			.executeTakeFirst()
		const values = {
			file_key: file.key,
			file_name: file.name,
			file_type: file.type,
			file_size: file.size,
			comment: file.comment,
			submitted_at: new Date(),
		}
		if (!existing) {
			await trx
				.insertInto('task_submissions')
				.values({ task_id: taskId, student_id: studentId, ...values })
				.execute()
			return { created: true, replacedKey: null }
		}
		if (existing.graded_at) return 'graded'
		await trx.updateTable('task_submissions').set(values).where('id', '=', existing.id).execute()
		return { created: false, replacedKey: existing.file_key }
	})
}

export const gradeSubmission = (db: Db, id: string, grade: number, feedback: string | null) =>
	db
		.updateTable('task_submissions')
		.set({ grade, feedback, graded_at: new Date() })
		.where('id', '=', id)
		.execute()
