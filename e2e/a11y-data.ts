import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { apiUrl } from '../playwright.config'
import routeTable from '../app/routes'
import { demoPassword, uniqueEmail } from './fixtures'

// Shared by the accessibility sweep and the keyboard journeys: the route table flattened into
// URL patterns, and real data (made through the API) to fill their parameters.

export type RouteInfo = { pattern: string; file: string; resource: boolean }

const appDir = fileURLToPath(new URL('../app/', import.meta.url))

function join(parent: string, path: string | undefined) {
	if (!path) return parent
	if (path === '*') return parent === '/' ? '/*' : `${parent}/*`
	return `${parent === '/' ? '' : parent}/${path}`
}

/**
 * Every route of app/routes.ts with its full URL pattern. Layouts add no segment. A module with
 * no default export renders no page: it answers a file, JSON or a redirect (a resource route).
 */
export function flattenRoutes(entries: RouteConfigEntry[] = routeTable, parent = '/'): RouteInfo[] {
	return entries.flatMap((entry) => {
		const pattern = entry.index ? parent : join(parent, entry.path)
		// A layout (with or without a path segment) is no page itself: its children are.
		if (entry.children?.length) return flattenRoutes(entry.children, pattern)
		const source = readFileSync(`${appDir}${entry.file}`, 'utf8')
		// A file link's page only ever shows a refusal (docs/decisions/021): it answers a file.
		const resource = !/^export default /m.test(source) || /\bfailedFileLoader\b/.test(source)
		return [{ pattern, file: entry.file, resource }]
	})
}

export async function callApi<T = Record<string, unknown>>(
	method: string,
	path: string,
	{ token, json, form }: { token?: string; json?: unknown; form?: FormData } = {},
): Promise<T> {
	const response = await fetch(`${apiUrl}${path}`, {
		method,
		headers: {
			...(json !== undefined && { 'content-type': 'application/json' }),
			...(token && { authorization: `Bearer ${token}` }),
		},
		body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
	})
	const text = await response.text()
	if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`)
	return (text ? JSON.parse(text) : {}) as T
}

export const password = 'a-good-password'

/** Access tokens live 12 s in the journeys' API: log in again for each group of calls. */
export async function apiLogin(email: string, pass = password, organization = false) {
	const body = await callApi<{ user: { accessToken: string; id: string } }>(
		'POST',
		organization ? '/auth/organization-login' : '/auth/login',
		{ json: { email, password: pass } },
	)
	return body.user
}

export async function register(role: 'student' | 'tutor', firstName: string) {
	const email = uniqueEmail(`a11y-${role}`)
	const { user } = await callApi<{ user: { id: string } }>('POST', `/auth/register-${role}`, {
		json: { firstName, lastName: 'Access', email, password },
	})
	return { id: user.id, email }
}

type Question = { id: number; options: { id: number }[] }

/** An active template of the teacher, with three questions (the first option is right). */
export async function activeTemplate(teacherEmail: string, title: string) {
	const { accessToken } = await apiLogin(teacherEmail)
	const { template } = await callApi<{ template: { id: string } }>('POST', '/qa/create-template', {
		token: accessToken,
		json: {
			title,
			description: 'Three quick questions.',
			timeLimit: 10,
			isActive: 1,
			questions: [
				['What is 2 + 2?', ['4', '3', '5']],
				['Which is a prime number?', ['7', '4', '9']],
				['What is 10 / 2?', ['5', '2', '20']],
			].map(([questionText, options], index) => ({
				id: index + 1,
				questionText,
				options: (options as string[]).map((text, optionIndex) => ({
					text,
					isCorrect: optionIndex === 0,
				})),
			})),
		},
	})
	return template.id
}

export type A11yData = Awaited<ReturnType<typeof makeData>>

/**
 * A teacher and an enrolled student of their course with one of everything: a finished and an
 * open test, an announcement, a certificate, a report card, a library link, a task, a class
 * session, a live room, and payments (failed, pending) for another teacher's course. The demo
 * organization (seeded) supplies the organization's pages.
 */
export async function makeData() {
	const teacher = await register('tutor', 'Tara')
	const student = await register('student', 'Stan')
	const other = await register('tutor', 'Otto')
	const { courseId } = await callApi<{ courseId: string }>('POST', '/__test/enrolled-course', {
		json: {
			tutorEmail: teacher.email,
			title: `Accessible algebra ${Date.now()}`,
			studentEmails: [student.email],
		},
	})

	let token = (await apiLogin(teacher.email)).accessToken
	const announcement = await callApi<{ announcement: { id: string } }>('POST', '/announcements', {
		token,
		json: { title: 'Welcome to the course', body: 'Our first session is on Monday.', courseId },
	})
	const certificate = await callApi<{ certificate: { id: string; publicId: string } }>(
		'POST',
		'/certificates',
		{
			token,
			json: { courseId, studentId: student.id },
		},
	)
	const reportCard = await callApi<{ reportCard: { publicId: string } }>(
		'PUT',
		`/report-cards/${student.id}/${courseId}`,
		{
			token,
			json: {
				score: 88,
				components: [{ name: 'Homework', score: 90, remark: 'Steady work' }],
				comments: 'Well done.',
			},
		},
	)
	const resourceForm = new FormData()
	resourceForm.set('title', 'Algebra cheat sheet')
	resourceForm.set('subject', 'Mathematics')
	resourceForm.set('resourceType', 'link')
	resourceForm.set('url', 'https://example.com/algebra')
	await callApi('POST', '/resources/upload', { token, form: resourceForm })
	const taskForm = new FormData()
	taskForm.set('courseId', courseId)
	taskForm.set('title', 'Practice set 1')
	taskForm.set('description', 'Solve the ten equations.')
	taskForm.set('dueDate', new Date(Date.now() + 7 * 86_400_000).toISOString())
	const { task } = await callApi<{ task: { id: string } }>('POST', '/tasks/create-task', {
		token,
		form: taskForm,
	})
	const scheduleForm = new FormData()
	scheduleForm.set('courseId', courseId)
	scheduleForm.set('title', 'Linear equations')
	scheduleForm.set(
		'scheduledDate',
		new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
	)
	scheduleForm.set('startTime', '16:00')
	scheduleForm.set('duration', '60')
	scheduleForm.set('timeZone', 'America/New_York')
	const schedule = await callApi<{ id: string }>('POST', '/schedule/create', {
		token,
		form: scheduleForm,
	})
	const { room } = await callApi<{ room: { id: string } }>('POST', '/rooms', {
		token,
		json: { courseId, title: 'Live algebra', kind: 'classroom' },
	})

	const finishedTemplate = await activeTemplate(teacher.email, 'Finished check')
	const openTemplate = await activeTemplate(teacher.email, 'Open check')

	token = (await apiLogin(other.email)).accessToken
	const { course: forSale } = await callApi<{ course: { id: string } }>(
		'POST',
		'/courses/create-course',
		{
			token,
			json: {
				title: `Accessible watercolour ${Date.now()}`,
				description: 'Paint light and water.',
				category: 'Arts',
				level: 'Beginner',
				price: { amount: 45, currency: 'USD' },
				isPublished: true,
			},
		},
	)
	// Bought with the success card below: the success page shows only a payment of one's own.
	const { course: bought } = await callApi<{ course: { id: string } }>(
		'POST',
		'/courses/create-course',
		{
			token,
			json: {
				title: `Accessible pottery ${Date.now()}`,
				description: 'Shape clay by hand.',
				category: 'Arts',
				level: 'Beginner',
				price: { amount: 25, currency: 'USD' },
				isPublished: true,
			},
		},
	)

	token = (await apiLogin(student.email)).accessToken
	const finished = await callApi<{ session: { id: string; questions: Question[] } }>(
		'POST',
		`/test/templates/${finishedTemplate}/start`,
		{ token },
	)
	const submitted = await callApi<{ historyId: string }>(
		'POST',
		`/test/sessions/${finished.session.id}/submit`,
		{
			token,
			json: {
				submissions: finished.session.questions
					.slice(0, 2)
					.map((question) => ({ questionId: question.id, optionId: question.options[0]!.id })),
			},
		},
	)
	const open = await callApi<{ session: { id: string } }>(
		'POST',
		`/test/templates/${openTemplate}/start`,
		{ token },
	)
	const failed = await callApi<{ payment: { id: string } }>('POST', '/payments/checkout', {
		token,
		json: { courseId: forSale.id },
	})
	await callApi('POST', `/payments/${failed.payment.id}/pay`, {
		token,
		json: {
			cardNumber: '4000000000000002',
			expMonth: 12,
			expYear: new Date().getFullYear() + 2,
			cvc: '123',
			name: 'Stan Access',
		},
	}).catch(() => undefined)
	const pending = await callApi<{ payment: { id: string } }>('POST', '/payments/checkout', {
		token,
		json: { courseId: forSale.id },
	})
	const paid = await callApi<{ payment: { id: string } }>('POST', '/payments/checkout', {
		token,
		json: { courseId: bought.id },
	})
	await callApi('POST', `/payments/${paid.payment.id}/pay`, {
		token,
		json: {
			cardNumber: '4242424242424242',
			expMonth: 12,
			expYear: new Date().getFullYear() + 2,
			cvc: '123',
			name: 'Stan Access',
		},
	})

	const organization = await apiLogin('organization@example.com', demoPassword, true)
	const { students } = await callApi<{ students: { id: string; email: string }[] }>(
		'GET',
		`/users/organization/${organization.id}/students?search=orgstudent%40example.com&limit=10`,
		{ token: organization.accessToken },
	)
	const orgStudent = students.find((each) => each.email === 'orgstudent@example.com')!
	const { courses } = await callApi<{ courses: { id: string; title: string }[] }>(
		'GET',
		`/courses/public/list?organizationId=${organization.id}&limit=100`,
	)
	const orgCourse = courses.find((each) => each.title === 'Geometry Essentials') ?? courses[0]!
	// A roster import left in preview, with good and bad rows (its page shows both).
	const rosterFile = new FormData()
	rosterFile.set(
		'file',
		new File(
			[
				`role,first name,last name,email,department,student number\nstudent,Ada,Access,a11y-roster-${Date.now()}@example.com,Mathematics,S-1\nstudent,Bad,Row,not-an-email,Mathematics,\n`,
			],
			'roster.csv',
			{ type: 'text/csv' },
		),
	)
	const roster = await callApi<{ import: { id: string } }>(
		'POST',
		`/organizations/${organization.id}/roster/imports`,
		{ token: organization.accessToken, form: rosterFile },
	)

	// A background export (decision 046): its page.
	const exported = await callApi<{ export: { id: string } }>(
		'POST',
		`/organizations/${organization.id}/exports`,
		{ token: organization.accessToken, json: { kind: 'scores', term: 'Term 1 2026' } },
	)

	return {
		teacher,
		student,
		courseId,
		announcementId: announcement.announcement.id,
		certificate: certificate.certificate,
		reportCardPublicId: reportCard.reportCard.publicId,
		taskId: task.id,
		scheduleId: schedule.id,
		roomId: room.id,
		finishedTemplate,
		openTemplate,
		historyId: submitted.historyId,
		finishedSessionId: finished.session.id,
		openSessionId: open.session.id,
		forSaleId: forSale.id,
		failedPaymentId: failed.payment.id,
		pendingPaymentId: pending.payment.id,
		boughtCourseId: bought.id,
		paidPaymentId: paid.payment.id,
		organization: {
			id: organization.id,
			student: orgStudent,
			courseId: orgCourse.id,
			rosterImportId: roster.import.id,
			exportId: exported.export.id,
		},
	}
}
