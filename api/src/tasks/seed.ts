import type { Db } from '../db.ts'
import type { Storage } from '../platform/storage.ts'
import { storeDocument, textDocument as text, type DocumentUpload } from './documents.ts'

const DAY = 24 * 60 * 60 * 1000

type SeedTask = {
	title: string
	description: string
	taskType: 'assignment' | 'homework' | 'project' | 'quiz' | 'essay'
	dueInDays: number
	attachment?: DocumentUpload
	/** The demo student's work: submitted this many days from now, graded or not. */
	submission?: { atDays: number; file: DocumentUpload; grade?: number; feedback?: string }
}

const DEMO_TASKS: SeedTask[] = [
	{
		title: 'Linear equations worksheet',
		description: 'Solve the ten equations on the worksheet. Show every step of your working.',
		taskType: 'homework',
		dueInDays: -7,
		attachment: text(
			'linear-equations.txt',
			'1) 2x + 3 = 11\n2) 5x - 4 = 3x + 8\n3) 7 - x = 2x + 1\n',
		),
		submission: {
			atDays: -8,
			file: text('linear-equations-answers.txt', '1) x = 4\n2) x = 6\n3) x = 2\n'),
			grade: 88,
			feedback: 'Clear working throughout. Check the sign in question 3 next time.',
		},
	},
	{
		title: 'Graphing lines project',
		description: 'Plot the three lines from class and describe where they meet.',
		taskType: 'project',
		dueInDays: -3,
		submission: { atDays: -1, file: text('graphing-lines.txt', 'The lines meet at (2, 3).\n') },
	},
	{
		title: 'Quadratics practice',
		description: 'Factorise the quadratics in section 4.2.',
		taskType: 'assignment',
		dueInDays: 5,
		attachment: text('quadratics.txt', 'Factorise: x^2 + 5x + 6, x^2 - 9, 2x^2 + 7x + 3\n'),
		submission: {
			atDays: -1,
			file: text('quadratics-answers.txt', '(x + 2)(x + 3)\n(x - 3)(x + 3)\n'),
		},
	},
	{
		title: 'Word problems essay',
		description: 'Write one page on how you turn a word problem into an equation.',
		taskType: 'essay',
		dueInDays: 10,
	},
]

/**
 * The demo course's tasks, with the demo student's work in every status (Graded, Late, Submitted,
 * Pending). Runs once: nothing happens if the course already has tasks.
 */
export async function seedDemoTasks(
	db: Db,
	storage: Storage,
	emails: { teacher: string; student: string },
	courseTitle: string,
) {
	const course = await db
		.selectFrom('courses as c')
		.innerJoin('users as u', 'u.id', 'c.tutor_id')
		.select(['c.id', 'c.tutor_id'])
		.where('u.email', '=', emails.teacher)
		.where('c.title', '=', courseTitle)
		.executeTakeFirst()
	const student = await db
		.selectFrom('users')
		.select('id')
		.where('email', '=', emails.student)
		.executeTakeFirst()
	if (!course?.tutor_id || !student) return
	const existing = await db
		.selectFrom('tasks')
		.select('id')
		.where('course_id', '=', course.id)
		.executeTakeFirst()
	if (existing) return

	const now = Date.now()
	for (const task of DEMO_TASKS) {
		const attachmentKey = task.attachment ? await storeDocument(storage, task.attachment) : null
		const { id } = await db
			.insertInto('tasks')
			.values({
				course_id: course.id,
				created_by: course.tutor_id,
				title: task.title,
				description: task.description,
				task_type: task.taskType,
				due_date: new Date(now + task.dueInDays * DAY),
				end_date: null,
				attachment_key: attachmentKey,
				attachment_name: task.attachment?.name ?? null,
				attachment_type: task.attachment?.contentType ?? null,
				attachment_size: task.attachment?.bytes.byteLength ?? null,
			})
			.returning('id')
			.executeTakeFirstOrThrow()
		const work = task.submission
		if (!work) continue
		const fileKey = await storeDocument(storage, work.file)
		const graded = work.grade !== undefined
		await db
			.insertInto('task_submissions')
			.values({
				task_id: id,
				student_id: student.id,
				file_key: fileKey,
				file_name: work.file.name,
				file_type: work.file.contentType,
				file_size: work.file.bytes.byteLength,
				comment: null,
				submitted_at: new Date(now + work.atDays * DAY),
				grade: work.grade ?? null,
				feedback: work.feedback ?? null,
				graded_at: graded ? new Date(now - DAY) : null,
			})
			.execute()
	}
}
