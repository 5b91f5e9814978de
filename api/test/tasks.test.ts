import { beforeAll, describe, expect, test } from 'vitest'
import { apiForFile, call, login, PNG_BYTES, registerStudent } from './helpers.ts'
import { registerTeacher } from './library-helpers.ts'
import { readStoredBytes } from '../src/platform/storage.ts'

const api = apiForFile()
let teacher: { token: string; user: { id: string } }
let student: { token: string; user: { id: string } }
let courseId: string
beforeAll(async () => {
	teacher = await login(api, 'teacher@example.com')
	student = await login(api, 'student@example.com')
	const course = await api.db
		.selectFrom('courses')
		.select('id')
		.where('tutor_id', '=', teacher.user.id)
		.executeTakeFirstOrThrow()
	courseId = course.id
})

const PDF_BYTES = new TextEncoder().encode(
	'%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n',
)
const DAY = 24 * 60 * 60 * 1000
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString()

/** Where a submission's file is stored: the key its row holds. */
const submissionFileKey = async (id: string) =>
	(
		await api.db
			.selectFrom('task_submissions')
			.select('file_key')
			.where('id', '=', id)
			.executeTakeFirstOrThrow()
	).file_key

function taskForm(
	fields: Record<string, string>,
	file?: { bytes: Uint8Array; name: string; type?: string },
) {
	const form = new FormData()
	for (const [key, value] of Object.entries(fields)) form.set(key, value)
	if (file) {
		form.set(
			'attachment',
			new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? '' }),
			file.name,
		)
	}
	return form
}

function fileForm(bytes: Uint8Array, name: string, type = 'application/pdf', field = 'file') {
	const form = new FormData()
	form.set(field, new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name)
	return form
}

async function createTask(fields: Record<string, string> = {}, token = teacher.token) {
	const answer = await call(api, 'POST', '/tasks/create-task', {
		token,
		body: taskForm({ courseId, title: 'Essay on fractions', dueDate: inDays(3), ...fields }),
	})
	expect(answer.status).toBe(201)
	return answer.body.task as { id: string; dueDate: string }
}

/** A student of the demo course, fresh for the test. */
async function enrolledStudent() {
	const fresh = await registerStudent(api)
	await api.db
		.insertInto('enrollments')
		.values({ course_id: courseId, student_id: fresh.user.id })
		.execute()
	return fresh
}

const submit = (taskId: string, token: string, form: FormData = fileForm(PDF_BYTES, 'work.pdf')) =>
	call(api, 'POST', `/tasks/${taskId}/submit`, { token, body: form })

describe('creating tasks', () => {
	test('the course tutor creates a task with an attachment, which enrolled students can download', async () => {
		const answer = await call(api, 'POST', '/tasks/create-task', {
			token: teacher.token,
			body: taskForm(
				{
					courseId,
					title: '  Worksheet 1 ',
					description: 'Do all parts',
					taskType: 'homework',
					dueDate: inDays(2),
				},
				{ bytes: PDF_BYTES, name: 'worksheet.pdf', type: 'application/pdf' },
			),
		})
		expect(answer.status).toBe(201)
		const task = answer.body.task
		expect(answer.body.message).toBe('Task created successfully')
		expect(task).toMatchObject({
			title: 'Worksheet 1',
			description: 'Do all parts',
			taskType: 'homework',
			courseId,
			courseTitle: 'Algebra Foundations',
			createdBy: teacher.user.id,
			teacherName: 'Taylor Morgan',
			isDeleted: false,
			endDate: null,
			submissionCount: 0,
			enrolledCount: expect.any(Number),
			attachment: {
				name: 'worksheet.pdf',
				size: PDF_BYTES.byteLength,
				contentType: 'application/pdf',
				url: `/tasks/${task.id}/attachment`,
			},
		})

		const download = await fetch(`${api.baseUrl}/tasks/${task.id}/attachment`, {
			headers: { authorization: `Bearer ${student.token}` },
		})
		expect(download.status).toBe(200)
		expect(download.headers.get('content-type')).toBe('application/pdf')
		expect(download.headers.get('content-disposition')).toContain('worksheet.pdf')
		expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF_BYTES)

		const outsider = await registerStudent(api)
		expect(
			(await call(api, 'GET', `/tasks/${task.id}/attachment`, { token: outsider.token })).status,
		).toBe(403)
		expect((await call(api, 'GET', `/tasks/${task.id}/attachment`)).status).toBe(403)
		// Not reachable through the public file route either.
		const key = (
			await api.db
				.selectFrom('tasks')
				.select('attachment_key')
				.where('id', '=', task.id)
				.executeTakeFirstOrThrow()
		).attachment_key
		expect(key).toMatch(/^private-/)
		expect((await call(api, 'GET', `/files/${key}`)).status).toBe(404)
	})

	test('bad input is a 400 naming each field, and nothing is stored', async () => {
		const before = await api.db
			.selectFrom('tasks')
			.select(api.db.fn.countAll<number>().as('n'))
			.executeTakeFirstOrThrow()
		const answer = await call(api, 'POST', '/tasks/create-task', {
			token: teacher.token,
			body: taskForm({ courseId: 'nope', title: ' ', taskType: 'poem', dueDate: 'tomorrow' }),
		})
		expect(answer.status).toBe(400)
		expect(answer.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
			'courseId',
			'dueDate',
			'taskType',
			'title',
		])
		const endBeforeDue = await call(api, 'POST', '/tasks/create-task', {
			token: teacher.token,
			body: taskForm({ courseId, title: 'T', dueDate: inDays(2), endDate: inDays(1) }),
		})
		expect(endBeforeDue.status).toBe(400)
		expect(endBeforeDue.body.errors).toEqual([
			{ path: 'endDate', msg: 'End date must not be before the due date' },
		])
		const json = await call(api, 'POST', '/tasks/create-task', {
			token: teacher.token,
			json: { courseId },
		})
		expect(json.status).toBe(400)
		const after = await api.db
			.selectFrom('tasks')
			.select(api.db.fn.countAll<number>().as('n'))
			.executeTakeFirstOrThrow()
		expect(Number(after.n)).toBe(Number(before.n))
	})

	test('an attachment of the wrong kind is a 400, a file over 10 MB a 413', async () => {
		const exe = await call(api, 'POST', '/tasks/create-task', {
			token: teacher.token,
			body: taskForm(
				{ courseId, title: 'T', dueDate: inDays(1) },
				{ bytes: new Uint8Array([0x4d, 0x5a, 1, 2]), name: 'run.exe' },
			),
		})
		expect(exe.status).toBe(400)
		expect(exe.body.errors[0].path).toBe('attachment')
		// A .pdf name on bytes that are not a PDF.
		const fake = await call(api, 'POST', '/tasks/create-task', {
			token: teacher.token,
			body: taskForm(
				{ courseId, title: 'T', dueDate: inDays(1) },
				{ bytes: PNG_BYTES, name: 'notes.pdf' },
			),
		})
		expect(fake.status).toBe(400)
		const big = new Uint8Array(10 * 1024 * 1024 + 1)
		big.set(PDF_BYTES)
		const tooLarge = await call(api, 'POST', '/tasks/create-task', {
			token: teacher.token,
			body: taskForm({ courseId, title: 'T', dueDate: inDays(1) }, { bytes: big, name: 'big.pdf' }),
		})
		expect(tooLarge.status).toBe(413)
		expect(tooLarge.body).toEqual({
			message: 'File is too large (max 10 MB)',
			code: 'file_too_large',
		})
	})

	test('only the course tutor may create tasks in it; an unknown course is a 404', async () => {
		const otherTeacher = await registerTeacher(api, 'Other')
		const forbidden = await call(api, 'POST', '/tasks/create-task', {
			token: otherTeacher.token,
			body: taskForm({ courseId, title: 'T', dueDate: inDays(1) }),
		})
		expect(forbidden.status).toBe(403)
		const unknown = await call(api, 'POST', '/tasks/create-task', {
			token: teacher.token,
			body: taskForm({
				courseId: '00000000-0000-4000-8000-000000000000',
				title: 'T',
				dueDate: inDays(1),
			}),
		})
		expect(unknown).toMatchObject({ status: 404, body: { message: 'Course not found' } })
		const byStudent = await call(api, 'POST', '/tasks/create-task', {
			token: student.token,
			body: taskForm({ courseId, title: 'T', dueDate: inDays(1) }),
		})
		expect(byStudent.status).toBe(403)
		expect(
			(await call(api, 'POST', '/tasks/create-task', { body: taskForm({ courseId }) })).status,
		).toBe(403)
	})

	test('GET /tasks/courses lists the tutor’s own courses', async () => {
		const answer = await call(api, 'GET', '/tasks/courses', { token: teacher.token })
		expect(answer.status).toBe(200)
		expect(answer.body.courses).toContainEqual({ id: courseId, title: 'Algebra Foundations' })
		expect((await call(api, 'GET', '/tasks/courses', { token: student.token })).status).toBe(403)
	})
})

describe('listing, updating and deleting tasks', () => {
	test('the tutor lists their tasks with counts; students list their courses’ tasks with their status', async () => {
		const task = await createTask({ title: 'Listed task', taskType: 'quiz' })
		const mine = await enrolledStudent()
		await submit(task.id, mine.token)

		const newest = await call(api, 'GET', '/tasks?limit=1', { token: teacher.token })
		expect(newest.body.tasks[0].id).toBe(task.id)
		const teacherList = await call(api, 'GET', '/tasks?limit=100&taskType=quiz', {
			token: teacher.token,
		})
		expect(teacherList.status).toBe(200)
		const listed = teacherList.body.tasks.find((row: { id: string }) => row.id === task.id)
		expect(listed).toMatchObject({ submissionCount: 1, submissionStatus: null, taskType: 'quiz' })
		expect(listed.enrolledCount).toBeGreaterThanOrEqual(2)
		expect(
			teacherList.body.tasks.every((row: { taskType: string }) => row.taskType === 'quiz'),
		).toBe(true)
		expect(teacherList.body.pagination).toMatchObject({
			currentPage: 1,
			page: 1,
			limit: 100,
			total: expect.any(Number),
			totalPages: 1,
		})

		const studentList = await call(api, 'GET', `/tasks?limit=100&createdBy=${teacher.user.id}`, {
			token: mine.token,
		})
		const dueDates = studentList.body.tasks.map((row: { dueDate: string }) => row.dueDate)
		expect(dueDates).toEqual([...dueDates].sort())
		expect(
			studentList.body.tasks.find((row: { id: string }) => row.id === task.id).submissionStatus,
		).toBe('Submitted')
		const other = await call(api, 'GET', '/tasks?limit=100', { token: student.token })
		expect(
			other.body.tasks.find((row: { id: string }) => row.id === task.id).submissionStatus,
		).toBe('Pending')

		const outsider = await registerStudent(api)
		const none = await call(api, 'GET', '/tasks', { token: outsider.token })
		expect(none.body).toEqual({
			tasks: [],
			pagination: { total: 0, page: 1, currentPage: 1, limit: 10, totalPages: 1 },
		})
	})

	test('list filters are checked', async () => {
		expect((await call(api, 'GET', '/tasks?taskType=poem', { token: teacher.token })).status).toBe(
			400,
		)
		expect((await call(api, 'GET', '/tasks?page=0', { token: teacher.token })).status).toBe(400)
		expect(
			(await call(api, 'GET', `/tasks?createdBy=${student.user.id}`, { token: teacher.token }))
				.status,
		).toBe(403)
		const org = await call(api, 'POST', '/auth/organization-login', {
			json: { email: 'organization@example.com', password: 'DemoPass123!' },
		})
		expect((await call(api, 'GET', '/tasks', { token: org.body.user.accessToken })).status).toBe(
			403,
		)
	})

	test('the tutor updates a task; others may not; bad input is a 400', async () => {
		const task = await createTask()
		const updated = await call(api, 'PUT', `/tasks/${task.id}`, {
			token: teacher.token,
			json: { title: 'Renamed', description: '', endDate: inDays(10) },
		})
		expect(updated.status).toBe(200)
		expect(updated.body.message).toBe('Task updated successfully')
		expect(updated.body.task).toMatchObject({
			title: 'Renamed',
			description: null,
			endDate: expect.any(String),
		})

		const early = await call(api, 'PUT', `/tasks/${task.id}`, {
			token: teacher.token,
			json: { dueDate: inDays(20) },
		})
		expect(early.status).toBe(400)
		expect(early.body.errors).toEqual([
			{ path: 'endDate', msg: 'End date must not be before the due date' },
		])
		expect(
			(await call(api, 'PUT', `/tasks/${task.id}`, { token: teacher.token, json: { title: '' } }))
				.status,
		).toBe(400)
		expect(
			(
				await call(api, 'PUT', `/tasks/${task.id}`, {
					token: teacher.token,
					body: '{oops',
					headers: { 'content-type': 'application/json' },
				})
			).body,
		).toEqual({ message: 'Invalid JSON body', code: 'invalid_json' })
		expect(
			(await call(api, 'PUT', `/tasks/${task.id}`, { token: student.token, json: { title: 'x' } }))
				.status,
		).toBe(403)
		expect(
			(
				await call(api, 'PUT', '/tasks/00000000-0000-4000-8000-000000000000', {
					token: teacher.token,
					json: { title: 'x' },
				})
			).status,
		).toBe(404)
		expect(
			(await call(api, 'PUT', '/tasks/not-a-uuid', { token: teacher.token, json: { title: 'x' } }))
				.status,
		).toBe(400)
	})

	test('a delete is soft: the row stays marked, and the task is gone for everyone', async () => {
		const task = await createTask()
		expect((await call(api, 'DELETE', `/tasks/${task.id}`, { token: student.token })).status).toBe(
			403,
		)
		const deleted = await call(api, 'DELETE', `/tasks/${task.id}`, { token: teacher.token })
		expect(deleted.body).toEqual({ message: 'Task deleted successfully', id: task.id })
		const row = await api.db
			.selectFrom('tasks')
			.select('is_deleted')
			.where('id', '=', task.id)
			.executeTakeFirstOrThrow()
		expect(row.is_deleted).toBe(true)
		expect((await call(api, 'DELETE', `/tasks/${task.id}`, { token: teacher.token })).status).toBe(
			404,
		)
		expect((await submit(task.id, student.token)).status).toBe(404)
		const list = await call(api, 'GET', '/tasks?limit=100', { token: teacher.token })
		expect(list.body.tasks.some((row: { id: string }) => row.id === task.id)).toBe(false)
	})
})

describe('replacing and removing a task attachment', () => {
	const TXT_BYTES = new TextEncoder().encode('Read chapter 4 before the lesson.\n')
	const withFile = () =>
		createTaskWith({ bytes: PDF_BYTES, name: 'first.pdf', type: 'application/pdf' })
	const keyOf = async (id: string) =>
		(
			await api.db
				.selectFrom('tasks')
				.select('attachment_key')
				.where('id', '=', id)
				.executeTakeFirstOrThrow()
		).attachment_key

	async function createTaskWith(file: { bytes: Uint8Array; name: string; type?: string }) {
		const answer = await call(api, 'POST', '/tasks/create-task', {
			token: teacher.token,
			body: taskForm({ courseId, title: 'Reading', dueDate: inDays(3) }, file),
		})
		expect(answer.status).toBe(201)
		return answer.body.task as { id: string }
	}

	function updateForm(
		fields: Record<string, string>,
		file?: { bytes: Uint8Array; name: string; type?: string },
	) {
		return taskForm({ title: 'Reading', dueDate: inDays(3), ...fields }, file)
	}

	test('a multipart update with a new file replaces the old one, which is deleted', async () => {
		const task = await withFile()
		const oldKey = await keyOf(task.id)
		const answer = await call(api, 'PUT', `/tasks/${task.id}`, {
			token: teacher.token,
			body: updateForm(
				{ title: 'Reading, part 2' },
				{ bytes: TXT_BYTES, name: 'notes.txt', type: 'text/plain' },
			),
		})
		expect(answer.status).toBe(200)
		expect(answer.body.task).toMatchObject({
			title: 'Reading, part 2',
			attachment: { name: 'notes.txt', size: TXT_BYTES.byteLength },
		})
		const file = await call(api, 'GET', `/tasks/${task.id}/attachment`, { token: student.token })
		expect(file.status).toBe(200)
		expect(file.body).toBe('Read chapter 4 before the lesson.\n')
		expect(await readStoredBytes(api.storage, oldKey ?? '')).toBeNull()
	})

	test('removeAttachment takes the file away, as JSON or in a form; a form without a file keeps it', async () => {
		const kept = await withFile()
		const plain = await call(api, 'PUT', `/tasks/${kept.id}`, {
			token: teacher.token,
			body: updateForm({ title: 'Still with file' }),
		})
		expect(plain.status).toBe(200)
		expect(plain.body.task.attachment).toMatchObject({ name: 'first.pdf' })

		const viaJson = await withFile()
		const jsonKey = await keyOf(viaJson.id)
		const removed = await call(api, 'PUT', `/tasks/${viaJson.id}`, {
			token: teacher.token,
			json: { removeAttachment: true },
		})
		expect(removed.status).toBe(200)
		expect(removed.body.task.attachment).toBeNull()
		expect(
			(await call(api, 'GET', `/tasks/${viaJson.id}/attachment`, { token: teacher.token })).status,
		).toBe(404)
		expect(await readStoredBytes(api.storage, jsonKey ?? '')).toBeNull()

		const viaForm = await withFile()
		const inForm = await call(api, 'PUT', `/tasks/${viaForm.id}`, {
			token: teacher.token,
			body: updateForm({ removeAttachment: 'true' }),
		})
		expect(inForm.status).toBe(200)
		expect(inForm.body.task.attachment).toBeNull()
	})

	test('bad input changes nothing: a file and a removal, an unknown kind of file, a bad flag', async () => {
		const task = await withFile()
		const key = await keyOf(task.id)
		const both = await call(api, 'PUT', `/tasks/${task.id}`, {
			token: teacher.token,
			body: updateForm(
				{ title: 'Changed', removeAttachment: 'true' },
				{ bytes: TXT_BYTES, name: 'notes.txt' },
			),
		})
		expect(both.status).toBe(400)
		expect(both.body.errors).toEqual([
			{ path: 'attachment', msg: 'Choose a new file or remove the attachment, not both' },
		])

		const exe = await call(api, 'PUT', `/tasks/${task.id}`, {
			token: teacher.token,
			body: updateForm(
				{ title: 'Changed' },
				{ bytes: new Uint8Array([0x4d, 0x5a, 0, 1]), name: 'tool.exe' },
			),
		})
		expect(exe.status).toBe(400)
		expect(exe.body.errors[0].path).toBe('attachment')

		const flag = await call(api, 'PUT', `/tasks/${task.id}`, {
			token: teacher.token,
			json: { removeAttachment: 'yes' },
		})
		expect(flag.status).toBe(400)
		expect(flag.body.errors).toEqual([
			{ path: 'removeAttachment', msg: 'removeAttachment must be true or false' },
		])

		const row = await api.db
			.selectFrom('tasks')
			.select(['title', 'attachment_key'])
			.where('id', '=', task.id)
			.executeTakeFirstOrThrow()
		expect(row).toEqual({ title: 'Reading', attachment_key: key })
		expect(await readStoredBytes(api.storage, key ?? '')).not.toBeNull()
	})

	test("another tutor and a student can neither replace nor remove the task's file", async () => {
		const task = await withFile()
		const key = await keyOf(task.id)
		const otherTeacher = await registerTeacher(api, 'Olu')
		for (const token of [otherTeacher.token, student.token]) {
			const replaced = await call(api, 'PUT', `/tasks/${task.id}`, {
				token,
				body: updateForm({}, { bytes: TXT_BYTES, name: 'notes.txt' }),
			})
			expect(replaced.status).toBe(403)
			const removed = await call(api, 'PUT', `/tasks/${task.id}`, {
				token,
				json: { removeAttachment: true },
			})
			expect(removed.status).toBe(403)
		}
		expect(await keyOf(task.id)).toBe(key)
		expect(await readStoredBytes(api.storage, key ?? '')).not.toBeNull()
	})

	test('two replacements at once both succeed; the file kept downloads and the old one is deleted', async () => {
		const task = await withFile()
		const oldKey = await keyOf(task.id)
		const answers = await Promise.all(
			['a.txt', 'b.txt'].map((name) =>
				call(api, 'PUT', `/tasks/${task.id}`, {
					token: teacher.token,
					body: updateForm({}, { bytes: new TextEncoder().encode(`file ${name}\n`), name }),
				}),
			),
		)
		expect(answers.map((answer) => answer.status)).toEqual([200, 200])
		const kept = await keyOf(task.id)
		expect(kept).not.toBe(oldKey)
		expect(await readStoredBytes(api.storage, oldKey ?? '')).toBeNull()
		const file = await call(api, 'GET', `/tasks/${task.id}/attachment`, { token: teacher.token })
		expect(file.status).toBe(200)
		expect(['file a.txt\n', 'file b.txt\n']).toContain(file.body)
	})
})

describe('submissions and status rules', () => {
	test('Pending before, Submitted when on time, a resubmission replaces the file, Graded once graded', async () => {
		const task = await createTask()
		const me = await enrolledStudent()
		const before = await call(api, 'GET', `/tasks/${task.id}/submission/${me.user.id}`, {
			token: me.token,
		})
		expect(before.status).toBe(200)
		expect(before.body.submission).toMatchObject({
			id: null,
			status: 'Pending',
			file: null,
			gradeInfo: null,
			submittedAt: null,
		})
		expect(before.body.task.submissionStatus).toBe('Pending')

		const first = await submit(task.id, me.token, fileForm(PDF_BYTES, 'draft.pdf'))
		expect(first.status).toBe(201)
		expect(first.body.message).toBe('Task submitted successfully')
		expect(first.body.data).toMatchObject({
			status: 'Submitted',
			student: { id: me.user.id },
			file: { name: 'draft.pdf' },
		})
		const firstKey = await submissionFileKey(first.body.data.id)

		const form = fileForm(new TextEncoder().encode('final answer'), 'final.txt', 'text/plain')
		form.set('comment', 'Second try')
		const second = await submit(task.id, me.token, form)
		expect(second.status).toBe(200)
		expect(second.body.data).toMatchObject({
			id: first.body.data.id,
			comment: 'Second try',
			file: { name: 'final.txt', contentType: 'text/plain; charset=utf-8' },
		})
		const count = await api.db
			.selectFrom('task_submissions')
			.select(api.db.fn.countAll<number>().as('n'))
			.where('task_id', '=', task.id)
			.executeTakeFirstOrThrow()
		expect(Number(count.n)).toBe(1)
		// The replaced file is gone from storage.
		const secondKey = await submissionFileKey(first.body.data.id)
		expect(secondKey).not.toBe(firstKey)

		const file = await fetch(`${api.baseUrl}${second.body.data.file.url}`, {
			headers: { authorization: `Bearer ${teacher.token}` },
		})
		expect(await file.text()).toBe('final answer')
		const own = await call(api, 'GET', second.body.data.file.url, { token: me.token })
		expect(own.status).toBe(200)
		expect(
			(await call(api, 'GET', second.body.data.file.url, { token: student.token })).status,
		).toBe(403)

		const graded = await call(api, 'PATCH', `/tasks/${first.body.data.id}/grade`, {
			token: teacher.token,
			json: { grade: 87, feedback: 'Well argued' },
		})
		expect(graded.status).toBe(200)
		expect(graded.body).toMatchObject({
			message: 'Task graded successfully',
			data: {
				status: 'Graded',
				gradeInfo: { grade: 87, feedback: 'Well argued', gradedAt: expect.any(String) },
			},
		})
		const after = await call(api, 'GET', `/tasks/${task.id}/submission/${me.user.id}`, {
			token: me.token,
		})
		expect(after.body.submission.gradeInfo.grade).toBe(87)
		expect(after.body.task.submissionStatus).toBe('Graded')
		const again = await submit(task.id, me.token)
		expect(again).toMatchObject({
			status: 409,
			body: { message: 'This submission has already been graded' },
		})
	})

	test('after the due date a submission is Late; after the end date none is taken', async () => {
		const late = await createTask({ dueDate: inDays(-1) })
		const me = await enrolledStudent()
		const answer = await submit(late.id, me.token)
		expect(answer.body.data.status).toBe('Late')
		// Moving the due date past the submission re-judges it.
		await call(api, 'PUT', `/tasks/${late.id}`, {
			token: teacher.token,
			json: { dueDate: inDays(1) },
		})
		const moved = await call(api, 'GET', `/tasks/${late.id}/submission/${me.user.id}`, {
			token: me.token,
		})
		expect(moved.body.submission.status).toBe('Submitted')

		const closed = await createTask({ dueDate: inDays(-2), endDate: inDays(-1) })
		const refused = await submit(closed.id, me.token)
		expect(refused).toMatchObject({
			status: 409,
			body: { message: 'Submissions for this task are closed' },
		})
	})

	test('only enrolled students may submit; the file is required, checked and size-limited', async () => {
		const task = await createTask()
		const outsider = await registerStudent(api)
		expect((await submit(task.id, outsider.token)).status).toBe(403)
		expect((await submit(task.id, teacher.token)).status).toBe(403)
		expect((await submit('00000000-0000-4000-8000-000000000000', student.token)).status).toBe(404)

		const me = await enrolledStudent()
		const missing = await submit(task.id, me.token, new FormData())
		expect(missing.status).toBe(400)
		expect(missing.body.errors).toEqual([{ path: 'file', msg: 'Choose a file to upload' }])
		const empty = await submit(task.id, me.token, fileForm(new Uint8Array(), 'empty.pdf'))
		expect(empty.status).toBe(400)
		const wrong = await submit(
			task.id,
			me.token,
			fileForm(new Uint8Array([0, 1, 2, 3]), 'thing.bin'),
		)
		expect(wrong.body.errors[0]).toEqual({
			path: 'file',
			msg: 'Upload a PDF, image, text, Word, Excel, PowerPoint or ZIP file',
		})
		const big = new Uint8Array(10 * 1024 * 1024 + 10)
		big.set(PDF_BYTES)
		const tooLarge = await submit(task.id, me.token, fileForm(big, 'big.pdf'))
		expect(tooLarge).toMatchObject({
			status: 413,
			body: { message: 'File is too large (max 10 MB)' },
		})
		const json = await call(api, 'POST', `/tasks/${task.id}/submit`, { token: me.token, json: {} })
		expect(json.status).toBe(400)

		const stored = await api.db
			.selectFrom('task_submissions')
			.select('id')
			.where('student_id', '=', me.user.id)
			.execute()
		expect(stored).toEqual([])
	})

	test('a student reads only their own submission; the tutor reads any on the roster', async () => {
		const task = await createTask()
		const me = await enrolledStudent()
		expect(
			(
				await call(api, 'GET', `/tasks/${task.id}/submission/${student.user.id}`, {
					token: me.token,
				})
			).status,
		).toBe(403)
		const byTeacher = await call(api, 'GET', `/tasks/${task.id}/submission/${me.user.id}`, {
			token: teacher.token,
		})
		expect(byTeacher.body.submission.status).toBe('Pending')
		expect(byTeacher.body.task.submissionStatus).toBeNull()
		const outsider = await registerStudent(api)
		const notOnRoster = await call(api, 'GET', `/tasks/${task.id}/submission/${outsider.user.id}`, {
			token: teacher.token,
		})
		expect(notOnRoster).toMatchObject({
			status: 404,
			body: { message: 'Student not found for this task' },
		})
		expect(
			(
				await call(api, 'GET', `/tasks/${task.id}/submission/${outsider.user.id}`, {
					token: outsider.token,
				})
			).status,
		).toBe(403)
	})
})

describe('reviewing and grading', () => {
	test('the detailed list pages, sorts and filters by status, with a summary and every grade', async () => {
		const task = await createTask({ dueDate: inDays(-1) })
		// The due date passed, so each submission below is Late; move it to make some on time.
		const students = await Promise.all([enrolledStudent(), enrolledStudent(), enrolledStudent()])
		const [a, b] = students
		const first = await submit(task.id, a.token)
		await submit(task.id, b.token)
		await call(api, 'PATCH', `/tasks/${first.body.data.id}/grade`, {
			token: teacher.token,
			json: { grade: 95 },
		})

		const all = await call(api, 'GET', `/tasks/${task.id}/submissions/detailed?limit=100`, {
			token: teacher.token,
		})
		expect(all.status).toBe(200)
		expect(all.body.taskInfo).toMatchObject({ id: task.id, submissionCount: 2 })
		expect(all.body.summary.counts).toMatchObject({ Graded: 1, Late: 1, Submitted: 0 })
		expect(all.body.summary.counts.Pending).toBe(all.body.taskInfo.enrolledCount - 2)
		expect(all.body.summary.grades).toEqual([95])
		expect(all.body.pagination.total).toBe(all.body.taskInfo.enrolledCount)
		// Newest first; students with nothing in come last.
		expect(all.body.submissions[0].student.id).toBe(b.user.id)
		expect(all.body.submissions.at(-1).status).toBe('Pending')

		const ungraded = await call(
			api,
			'GET',
			`/tasks/${task.id}/submissions/detailed?status=Submitted,Late`,
			{ token: teacher.token },
		)
		expect(
			ungraded.body.submissions.map((row: { student: { id: string } }) => row.student.id),
		).toEqual([b.user.id])
		const graded = await call(api, 'GET', `/tasks/${task.id}/submissions/detailed?status=Graded`, {
			token: teacher.token,
		})
		expect(graded.body.submissions).toHaveLength(1)
		expect(graded.body.submissions[0].gradeInfo.grade).toBe(95)

		const paged = await call(
			api,
			'GET',
			`/tasks/${task.id}/submissions/detailed?page=2&limit=1&sortBy=submittedAt&sortDirection=asc`,
			{ token: teacher.token },
		)
		expect(paged.body.submissions[0].student.id).toBe(b.user.id)
		expect(paged.body.pagination).toMatchObject({ page: 2, limit: 1 })
		const beyond = await call(api, 'GET', `/tasks/${task.id}/submissions/detailed?page=99`, {
			token: teacher.token,
		})
		expect(beyond.body.submissions).toEqual([])
		expect(beyond.body.pagination.total).toBe(all.body.pagination.total)

		const byName = await call(
			api,
			'GET',
			`/tasks/${task.id}/submissions/detailed?sortBy=grade&sortDirection=desc&limit=1`,
			{ token: teacher.token },
		)
		expect(byName.body.submissions[0].gradeInfo.grade).toBe(95)

		for (const bad of ['status=Done', 'sortBy=size', 'sortDirection=up', 'limit=500']) {
			expect(
				(
					await call(api, 'GET', `/tasks/${task.id}/submissions/detailed?${bad}`, {
						token: teacher.token,
					})
				).status,
			).toBe(400)
		}
		expect(
			(await call(api, 'GET', `/tasks/${task.id}/submissions/detailed`, { token: a.token })).status,
		).toBe(403)
	})

	test('grades are whole numbers from 0 to 100, given only by the task’s tutor', async () => {
		const task = await createTask()
		const me = await enrolledStudent()
		const { body } = await submit(task.id, me.token)
		const grade = (json: unknown, token = teacher.token) =>
			call(api, 'PATCH', `/tasks/${body.data.id}/grade`, { token, json })
		for (const bad of [
			{ grade: 140 },
			{ grade: -1 },
			{ grade: 'abc' },
			{ grade: 80.5 },
			{},
			{ grade: 50, feedback: 'x'.repeat(5001) },
		]) {
			const answer = await grade(bad)
			expect(answer.status).toBe(400)
			expect(answer.body.message).toBe('Validation failed')
		}
		expect((await grade({ grade: 140 })).body.errors).toEqual([
			{ path: 'grade', msg: 'Grade must be from 0 to 100' },
		])
		expect((await grade({ grade: 'abc' })).body.errors).toEqual([
			{ path: 'grade', msg: 'Grade must be a number' },
		])
		const row = await api.db
			.selectFrom('task_submissions')
			.select(['grade', 'graded_at'])
			.where('id', '=', body.data.id)
			.executeTakeFirstOrThrow()
		expect(row).toEqual({ grade: null, graded_at: null })

		expect((await grade({ grade: 50 }, me.token)).status).toBe(403)
		const otherTeacher = await registerTeacher(api, 'Other')
		expect((await grade({ grade: 50 }, otherTeacher.token)).status).toBe(403)
		expect(
			(
				await call(api, 'PATCH', '/tasks/00000000-0000-4000-8000-000000000000/grade', {
					token: teacher.token,
					json: { grade: 5 },
				})
			).status,
		).toBe(404)

		const zero = await grade({ grade: 0, feedback: '' })
		expect(zero.body.data.gradeInfo).toMatchObject({ grade: 0, feedback: null })
		// A grade can be corrected.
		const corrected = await grade({ grade: 100, feedback: 'Regraded' })
		expect(corrected.body.data.gradeInfo).toMatchObject({ grade: 100, feedback: 'Regraded' })
	})
})

describe('demo data', () => {
	test('the demo course has tasks with submissions in every status', async () => {
		const list = await call(api, 'GET', '/tasks?limit=100', { token: student.token })
		const statuses = new Set(
			list.body.tasks.map((task: { submissionStatus: string }) => task.submissionStatus),
		)
		expect([...statuses].sort()).toEqual(
			expect.arrayContaining(['Graded', 'Late', 'Pending', 'Submitted']),
		)
		const withFile = list.body.tasks.find((task: { attachment: unknown }) => task.attachment)
		expect(withFile).toBeDefined()
		const download = await call(api, 'GET', withFile.attachment.url, { token: student.token })
		expect(download.status).toBe(200)
	})
})

describe('what a student still has to do (issue 28)', () => {
	test('dueFrom and unsubmitted list the next tasks due, however many are past', async () => {
		const fresh = await registerStudent(api)
		const course = await call(api, 'POST', '/__test/enrolled-course', {
			json: { tutorEmail: 'teacher@example.com', title: 'Busy term', studentEmails: [fresh.email] },
		})
		const busyCourse = course.body.courseId as string
		// 60 tasks already past due: more than the old dashboard's first page of 50.
		for (let day = 1; day <= 60; day++) {
			await api.db
				.insertInto('tasks')
				.values({
					course_id: busyCourse,
					created_by: teacher.user.id,
					title: `Past ${day}`,
					task_type: 'homework',
					due_date: new Date(Date.now() - day * DAY),
				})
				.execute()
		}
		const ahead = []
		for (const days of [4, 1, 3, 2]) {
			ahead.push(
				await createTask({ courseId: busyCourse, title: `Ahead ${days}`, dueDate: inDays(days) }),
			)
		}
		expect((await submit(ahead[1]!.id, fresh.token)).status).toBe(201)

		const now = new Date().toISOString()
		const answer = await call(
			api,
			'GET',
			`/tasks?dueFrom=${encodeURIComponent(now)}&unsubmitted=true&limit=2`,
			{
				token: fresh.token,
			},
		)
		expect(answer.status).toBe(200)
		expect(answer.body.tasks.map((task: { title: string }) => task.title)).toEqual([
			'Ahead 2',
			'Ahead 3',
		])
		expect(answer.body.pagination.total).toBe(3)
		// Without the new parameters the call is as before: every task, soonest due first.
		const all = await call(api, 'GET', '/tasks?limit=1', { token: fresh.token })
		expect(all.body.pagination.total).toBe(64)
		expect(all.body.tasks[0].title).toBe('Past 60')

		const wrong = await call(api, 'GET', '/tasks?dueFrom=tomorrow&unsubmitted=maybe', {
			token: fresh.token,
		})
		expect(wrong.status).toBe(400)
		expect(JSON.stringify(wrong.body)).toContain('dueFrom must be an ISO date-time')
	})
})
