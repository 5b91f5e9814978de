import { readFile } from 'node:fs/promises'
import { request, type Page } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import { apiUrl } from '../playwright.config'
import { expect, logIn, test, uniqueEmail } from './fixtures'
import { uniqueWord } from './library-fixtures'

// Issue 19: each CSV export downloaded from its page as a user would (a plain link, JavaScript on
// and off), then opened: UTF-8 with a byte order mark, one row per student, and a cell that a
// spreadsheet would run as a formula neutralised with an apostrophe.

const password = 'Lantern-Harbour-42'
const INJECTION = '=HYPERLINK("http://evil.example","click me")'

type School = {
	organizationEmail: string
	teacherEmail: string
	courseId: string
	courseTitle: string
	taskId: string
	term: string
	students: { name: string; email: string }[]
}

/** A fresh organization with a teacher, two students in the teacher's course, a submission and scores. */
async function school(): Promise<School> {
	const api = await request.newContext()
	const call = async (
		method: 'POST' | 'PUT',
		path: string,
		options: Parameters<typeof api.post>[1],
		token?: string,
	) => {
		const answer = await api.fetch(`${apiUrl}${path}`, {
			method,
			...options,
			headers: { ...(token ? { authorization: `Bearer ${token}` } : {}) },
		})
		if (answer.status() >= 300)
			throw new Error(`${method} ${path}: ${answer.status()} ${await answer.text()}`)
		return answer.json()
	}
	const signIn = async (path: string, email: string) =>
		(await call('POST', path, { data: { email, password } })).user as {
			id: string
			accessToken: string
		}
	const tokenOf = async (path: string, email: string) => (await signIn(path, email)).accessToken
	try {
		const organizationEmail = uniqueEmail('org')
		await call('POST', '/organizations/register', {
			multipart: {
				name: 'Export School',
				email: organizationEmail,
				password,
				type: 'school',
				country: 'NL',
			},
		})
		const { id: organizationId, accessToken: organization } = await signIn(
			'/auth/organization-login',
			organizationEmail,
		)
		const member = async (role: 'tutor' | 'student', firstName: string, lastName: string) => {
			const email = uniqueEmail(firstName.toLowerCase())
			const { user } = await call(
				'POST',
				`/auth/register-${role}/organization`,
				{ data: { firstName, lastName, email, password } },
				organization,
			)
			return { id: user.id as string, email, name: `${firstName} ${lastName}` }
		}
		const teacher = await member('tutor', 'Tess', 'Export')
		const students = [
			await member('student', 'Ada', 'Ames'),
			await member('student', 'Bea', 'Bloom'),
		]
		// A title a spreadsheet would read as a formula: the class list's Course column must neutralise it.
		const courseTitle = `@Physics ${uniqueWord('c')}`
		const { courseId } = await call('POST', '/__test/enrolled-course', {
			data: {
				tutorEmail: teacher.email,
				title: courseTitle,
				studentEmails: students.map((student) => student.email),
			},
		})
		const tutor = await tokenOf('/auth/login', teacher.email)
		const { task } = await call(
			'POST',
			'/tasks/create-task',
			{
				multipart: {
					courseId,
					title: 'Lab report',
					dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
				},
			},
			tutor,
		)
		const ada = await tokenOf('/auth/login', students[0]!.email)
		await call(
			'POST',
			`/tasks/${task.id}/submit`,
			{
				multipart: {
					file: {
						name: 'report.pdf',
						mimeType: 'application/pdf',
						buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
					},
					comment: INJECTION,
				},
			},
			ada,
		)
		const term = `Spring ${uniqueWord('t')}`
		await call(
			'PUT',
			`/organizations/${organizationId}/scores`,
			{
				data: {
					term,
					scores: [
						{ studentId: students[0]!.id, subject: 'Maths', score: 91 },
						{ studentId: students[0]!.id, subject: '+Lab', score: 80 },
						{ studentId: students[1]!.id, subject: 'Maths', score: 58 },
					],
				},
			},
			organization,
		)
		return {
			organizationEmail,
			teacherEmail: teacher.email,
			courseId,
			courseTitle,
			taskId: task.id,
			term,
			students,
		}
	} finally {
		await api.dispose()
	}
}

/** Clicks a download link and opens the file: the byte order mark checked, the rows parsed. */
async function downloadCsv(page: Page, linkName: string | RegExp) {
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('link', { name: linkName }).click(),
	])
	const bytes = await readFile(await download.path())
	expect([...bytes.subarray(0, 3)], 'UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf])
	expect(bytes.toString('utf8')).toContain('\r\n')
	return { name: download.suggestedFilename(), rows: parse(bytes, { bom: true }) as string[][] }
}

test('a teacher downloads a task’s submissions and grades', async ({ page }) => {
	const data = await school()
	await logIn(page, data.teacherEmail, password)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await page.goto(`/teachersdashboard/tasks/submissions?taskId=${data.taskId}`)
	const csv = await downloadCsv(page, /Download submissions and grades/)
	expect(csv.name).toBe('submissions-lab-report.csv')
	expect(csv.rows[0]).toEqual([
		'Student',
		'Email',
		'Status',
		'Submitted at',
		'File',
		'Comment',
		'Grade',
		'Feedback',
		'Graded at',
	])
	expect(csv.rows.slice(1).map((row) => [row[0], row[2], row[4], row[5]])).toEqual([
		['Ada Ames', 'Submitted', 'report.pdf', `'${INJECTION}`],
		['Bea Bloom', 'Pending', '', ''],
	])

	// The class list of the teacher's own course, from their course list.
	await page.goto('/teachersdashboard/courses')
	const classList = await downloadCsv(page, `Class list (CSV) of ${data.courseTitle}`)
	expect(classList.rows.map((row) => row.slice(0, 2))).toEqual([
		['First name', 'Last name'],
		['Ada', 'Ames'],
		['Bea', 'Bloom'],
	])
})

test('an organization downloads a class list, its score grid and its result cards', async ({
	page,
}) => {
	const data = await school()
	const [ada, bea] = data.students
	await logIn(page, data.organizationEmail, password, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)

	await page.goto(`/organization/courses?course=${data.courseId}`)
	const classList = await downloadCsv(page, /Download class list/)
	expect(classList.rows).toEqual([
		['First name', 'Last name', 'Email', 'Course'],
		['Ada', 'Ames', ada!.email, `'${data.courseTitle}`],
		['Bea', 'Bloom', bea!.email, `'${data.courseTitle}`],
	])

	await page.goto(`/organization/score-input?term=${encodeURIComponent(data.term)}`)
	const grid = await downloadCsv(page, `Download scores for ${data.term} (CSV)`)
	expect(grid.rows).toEqual([
		['Student', 'Email', 'Term', "'+Lab", 'Maths'],
		['Ada Ames', ada!.email, data.term, '80', '91'],
		['Bea Bloom', bea!.email, data.term, '', '58'],
	])

	await page.goto(`/organization/result-cards?term=${encodeURIComponent(data.term)}`)
	const cards = await downloadCsv(page, `Download result cards for ${data.term} (CSV)`)
	expect(cards.rows).toEqual([
		['Student', 'Email', 'Term', "'+Lab", 'Maths', 'Average', 'Band'],
		['Ada Ames', ada!.email, data.term, '80', '91', '85.5', '80-90'],
		['Bea Bloom', bea!.email, data.term, '', '58', '58', '0-60'],
	])
})

test('another teacher’s task export is refused with the area’s page', async ({ page }) => {
	const data = await school()
	await logIn(page, 'teacher@example.com')
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	const answer = await page.goto(
		`/teachersdashboard/tasks/submissions/export?taskId=${data.taskId}`,
	)
	expect(answer?.status()).toBe(403)
	expect(answer?.headers()['content-type']).toContain('text/html')
})
