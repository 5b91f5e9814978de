import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import type { Page } from '@playwright/test'
import { apiUrl, appPort } from '../playwright.config'
import routeTable from '../app/routes'
import { demoPassword, expect, logIn, uniqueEmail } from './fixtures'

const appUrl = `http://127.0.0.1:${appPort}`

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

const questions: [string, string[]][] = [
	['What is 2 + 2?', ['4', '3', '5']],
	['Which is a prime number?', ['7', '4', '9']],
	['What is 10 / 2?', ['5', '2', '20']],
]

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
			questions: questions.map(([questionText, options], index) => ({
				id: index + 1,
				questionText,
				options: options.map((text, optionIndex) => ({
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
	const algebraTitle = `Accessible algebra ${Date.now()}`
	const watercolourTitle = `Accessible watercolour ${Date.now()}`
	const potteryTitle = `Accessible pottery ${Date.now()}`
	const rosterEmail = `a11y-roster-${Date.now()}@example.com`
	const teacher = await register('tutor', 'Tara')
	const student = await register('student', 'Stan')
	const other = await register('tutor', 'Otto')
	const { courseId } = await callApi<{ courseId: string }>('POST', '/__test/enrolled-course', {
		json: {
			tutorEmail: teacher.email,
			title: algebraTitle,
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
	resourceForm.set('subject', 'Algebra and functions')
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
				title: watercolourTitle,
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
				title: potteryTitle,
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
				`role,first name,last name,email,department,student number\nstudent,Ada,Access,${rosterEmail},Mathematics,S-1\nstudent,Bad,Row,not-an-email,Mathematics,\n`,
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
		// What these helpers wrote that pages show as it is (never translated): the pseudo-locale
		// sweep tells them from the interface's words (e2e/pseudo-locale.spec.ts).
		names: ['Tara', 'Stan', 'Otto', 'Ada', 'Bad', 'Row', 'Access'],
		texts: [
			algebraTitle,
			watercolourTitle,
			potteryTitle,
			rosterEmail,
			'Welcome to the course',
			'Our first session is on Monday.',
			'Homework',
			'Steady work',
			'Well done.',
			'Algebra cheat sheet',
			'Algebra and functions',
			'https://example.com/algebra',
			'Practice set 1',
			'Solve the ten equations.',
			'Linear equations',
			'Live algebra',
			'Finished check',
			'Open check',
			'Three quick questions.',
			...questions.flatMap(([question, options]) => [question, ...options]),
			'Paint light and water.',
			'Shape clay by hand.',
			'not-an-email',
			'Term 1 2026',
			'roster.csv',
		],
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

// The pages of the route table the sweeps visit (e2e/a11y.spec.ts, e2e/pseudo-locale.spec.ts).

export type Role = 'anonymous' | 'student' | 'teacher' | 'organization'
export type Visit = { url: string; as: Role; note?: string; expectUrl?: RegExp; status?: number }

/** The pages to visit for each URL pattern of the route table, with real ids filled in. */
export function visits(d: A11yData): Record<string, Visit[]> {
	const s = `/studentdashboard`
	const t = `/teachersdashboard`
	const o = `/organization`
	const email = encodeURIComponent(d.student.email)
	return {
		'/': [
			{ url: '/', as: 'anonymous' },
			{ url: '/', as: 'student', note: 'signed in' },
			{ url: '/', as: 'teacher', note: 'signed in' },
		],
		'/pricing': [{ url: '/pricing', as: 'anonymous' }],
		'/about-us': [{ url: '/about-us', as: 'anonymous' }],
		'/contact-us': [{ url: '/contact-us', as: 'anonymous' }],
		'/login': [
			{ url: '/login', as: 'anonymous' },
			{ url: '/login?as=organization', as: 'anonymous' },
		],
		// Between a right password and its code e2e/two-factor.spec.ts shows the form; opened alone,
		// the page says to log in first.
		'/login/two-factor': [{ url: '/login/two-factor', as: 'anonymous', note: 'no password yet' }],
		// Single sign-on: e2e/single-sign-on.spec.ts goes through the provider; alone, the pages say
		// what they can.
		'/login/sso': [{ url: '/login/sso', as: 'anonymous' }],
		'/login/sso/link': [{ url: '/login/sso/link', as: 'anonymous', note: 'nothing waiting' }],
		'/login/sso/callback': [
			{
				url: '/login/sso/callback?code=unknown&state=unknown',
				as: 'anonymous',
				status: 400,
				note: 'no sign-in started',
			},
		],
		'/login/sso/:organizationId': [
			{
				url: '/login/sso/00000000-0000-4000-8000-000000000000',
				as: 'anonymous',
				status: 404,
				note: 'no single sign-on',
			},
		],
		'/forgot-password': [
			{ url: '/forgot-password', as: 'anonymous' },
			{ url: '/forgot-password?as=organization', as: 'anonymous' },
		],
		'/reset-password': [
			{ url: '/reset-password?token=unknown', as: 'anonymous', note: 'a used or unknown link' },
		],
		'/verify-email': [
			{
				url: '/verify-email?token=unknown',
				as: 'anonymous',
				status: 400,
				note: 'a used or unknown link',
			},
		],
		'/unsubscribe': [{ url: '/unsubscribe?token=unknown', as: 'anonymous' }],
		// The link of "I can't use my codes" (decision 053): its button, or why there is none.
		'/two-factor-recovery': [
			{ url: '/two-factor-recovery?token=unknown', as: 'anonymous', note: 'a link' },
			{ url: '/two-factor-recovery', as: 'anonymous', note: 'no token' },
		],
		'/unauthorized': [{ url: '/unauthorized', as: 'anonymous' }],
		'/signup/:role': [
			{ url: '/signup/student', as: 'anonymous' },
			{ url: '/signup/teacher', as: 'anonymous' },
			{ url: '/signup/organization', as: 'anonymous' },
		],
		'/verify/certificate/:publicId': [
			{ url: `/verify/certificate/${d.certificate.publicId}`, as: 'anonymous' },
			{ url: '/verify/certificate/NOT-A-REAL-ID', as: 'anonymous', note: 'not genuine' },
		],
		'/verify/report-card/:publicId': [
			{ url: `/verify/report-card/${d.reportCardPublicId}`, as: 'anonymous' },
			{ url: '/verify/report-card/NOT-A-REAL-ID', as: 'anonymous', note: 'not genuine' },
		],
		'/courses': [
			{ url: '/courses', as: 'anonymous' },
			{ url: '/courses?category=Arts', as: 'student', note: 'signed in, filtered' },
			{ url: '/courses', as: 'organization', note: 'signed in' },
		],
		'/courses/find-student': [
			{ url: '/courses/find-student', as: 'teacher' },
			{ url: '/courses/find-student', as: 'organization' },
		],
		'/courses/:courseId': [
			{ url: `/courses/${d.forSaleId}`, as: 'anonymous' },
			{ url: `/courses/${d.courseId}`, as: 'student', note: 'enrolled' },
		],
		'/course/:courseId/checkout': [{ url: `/course/${d.forSaleId}/checkout`, as: 'student' }],
		'/courses/:courseId/processing/:paymentId': [
			{ url: `/courses/${d.forSaleId}/processing/${d.pendingPaymentId}`, as: 'student' },
		],
		'/courses/:courseId/success': [
			{ url: `/courses/${d.boughtCourseId}/success?payment=${d.paidPaymentId}`, as: 'student' },
		],
		'/courses/:courseId/failed': [
			{ url: `/courses/${d.forSaleId}/failed?payment=${d.failedPaymentId}`, as: 'student' },
		],
		'/*': [{ url: '/no-such-page', as: 'anonymous', status: 404, note: 'the 404 page' }],
		// The operator's reporting check is off here (ERROR_CHECK unset): the 404 page again.
		'/error-check': [{ url: '/error-check', as: 'teacher', status: 404, note: 'off: 404' }],

		[s]: [{ url: s, as: 'student' }],
		[`${s}/courses`]: [{ url: `${s}/courses`, as: 'student' }],
		[`${s}/:courseId/course-details`]: [
			{ url: `${s}/${d.courseId}/course-details`, as: 'student' },
		],
		[`${s}/sessions`]: [{ url: `${s}/sessions`, as: 'student' }],
		[`${s}/test/:templateId`]: [
			{ url: `${s}/test/${d.openTemplate}`, as: 'student', note: 'introduction' },
			{
				url: `${s}/test/${d.openTemplate}?session=${d.openSessionId}`,
				as: 'student',
				note: 'taking the test',
			},
		],
		[`${s}/qa/templates`]: [{ url: `${s}/qa/templates`, as: 'student' }],
		[`${s}/qa`]: [{ url: `${s}/qa`, as: 'student' }],
		[`${s}/test-results`]: [{ url: `${s}/test-results`, as: 'student' }],
		[`${s}/test-summary/:testHistoryId`]: [
			{ url: `${s}/test-summary/${d.historyId}`, as: 'student' },
		],
		[`${s}/test-result/:sessionId`]: [
			{ url: `${s}/test-result/${d.finishedSessionId}`, as: 'student' },
		],
		[`${s}/library`]: [{ url: `${s}/library`, as: 'student' }],
		[`${s}/profile`]: [{ url: `${s}/profile`, as: 'student' }],
		[`${s}/announcements`]: [{ url: `${s}/announcements`, as: 'student' }],
		[`${s}/announcements/:announcementId`]: [
			{ url: `${s}/announcements/${d.announcementId}`, as: 'student' },
		],
		[`${s}/certificates`]: [{ url: `${s}/certificates`, as: 'student' }],
		[`${s}/report-cards`]: [{ url: `${s}/report-cards`, as: 'student' }],
		[`${s}/tasks`]: [{ url: `${s}/tasks`, as: 'student' }],
		[`${s}/task-details`]: [{ url: `${s}/task-details?taskId=${d.taskId}`, as: 'student' }],

		[t]: [{ url: t, as: 'teacher' }],
		[`${t}/courses`]: [{ url: `${t}/courses`, as: 'teacher' }],
		[`${t}/course-details`]: [
			{ url: `${t}/course-details`, as: 'teacher', note: 'the sample course' },
			{ url: `${t}/course-details?courseId=${d.courseId}`, as: 'teacher' },
		],
		[`${t}/courses/edit/:courseId`]: [{ url: `${t}/courses/edit/${d.courseId}`, as: 'teacher' }],
		[`${t}/courses/form`]: [{ url: `${t}/courses/form`, as: 'teacher' }],
		[`${t}/payment-setup`]: [{ url: `${t}/payment-setup`, as: 'teacher' }],
		[`${t}/stripe/complete-onboarding`]: [
			{ url: `${t}/stripe/complete-onboarding`, as: 'teacher' },
		],
		[`${t}/schedule`]: [{ url: `${t}/schedule`, as: 'teacher' }],
		[`${t}/schedule/new`]: [{ url: `${t}/schedule/new`, as: 'teacher' }],
		[`${t}/schedule/:scheduleId/edit`]: [
			{ url: `${t}/schedule/${d.scheduleId}/edit`, as: 'teacher' },
		],
		[`${t}/schedule/:scheduleId/attendance`]: [
			{ url: `${t}/schedule/${d.scheduleId}/attendance`, as: 'teacher' },
		],
		[`${t}/qa/create`]: [{ url: `${t}/qa/create`, as: 'teacher' }],
		[`${t}/qa/templates`]: [{ url: `${t}/qa/templates`, as: 'teacher' }],
		[`${t}/library`]: [{ url: `${t}/library`, as: 'teacher' }],
		[`${t}/profile`]: [{ url: `${t}/profile`, as: 'teacher' }],
		// Where a teacher is held when the organization requires two-factor (decision 037).
		[`${t}/two-factor`]: [{ url: `${t}/two-factor`, as: 'teacher' }],
		[`${t}/announcement/list`]: [{ url: `${t}/announcement/list`, as: 'teacher' }],
		[`${t}/report-card/:studentId/:courseId`]: [
			{ url: `${t}/report-card/${d.student.id}/${d.courseId}`, as: 'teacher' },
		],
		[`${t}/report-card/:studentId`]: [{ url: `${t}/report-card/${d.student.id}`, as: 'teacher' }],
		[`${t}/certificate/:studentId/:courseId/:tutorId/:studentEmail`]: [
			{
				url: `${t}/certificate/${d.student.id}/${d.courseId}/${d.teacher.id}/${email}`,
				as: 'teacher',
			},
		],
		[`${t}/tasks`]: [{ url: `${t}/tasks`, as: 'teacher' }],
		[`${t}/tasks/submissions`]: [
			{ url: `${t}/tasks/submissions?taskId=${d.taskId}`, as: 'teacher' },
		],
		[`${t}/tasks/view-submissions`]: [
			{
				url: `${t}/tasks/view-submissions?taskId=${d.taskId}&studentId=${d.student.id}`,
				as: 'teacher',
			},
		],

		[`${o}/dashboard`]: [{ url: `${o}/dashboard`, as: 'organization' }],
		[`${o}/courses`]: [
			{ url: `${o}/courses`, as: 'organization' },
			{
				url: `${o}/courses?course=${d.organization.courseId}`,
				as: 'organization',
				note: "a course's class list",
			},
		],
		[`${o}/payment-setup`]: [{ url: `${o}/payment-setup`, as: 'organization' }],
		[`${o}/stripe/complete-onboarding`]: [
			{ url: `${o}/stripe/complete-onboarding`, as: 'organization' },
		],
		[`${o}/students`]: [{ url: `${o}/students`, as: 'organization' }],
		[`${o}/teachers`]: [{ url: `${o}/teachers`, as: 'organization' }],
		[`${o}/departments`]: [{ url: `${o}/departments`, as: 'organization' }],
		[`${o}/roster`]: [{ url: `${o}/roster`, as: 'organization' }],
		[`${o}/roster/imports/:importId`]: [
			{
				url: `${o}/roster/imports/${d.organization.rosterImportId}`,
				as: 'organization',
				note: 'a preview with an error row',
			},
		],
		[`${o}/exports`]: [
			{ url: `${o}/exports`, as: 'organization', note: 'the latest background exports' },
		],
		[`${o}/exports/:exportId`]: [
			{
				url: `${o}/exports/${d.organization.exportId}`,
				as: 'organization',
				note: 'a background export',
			},
		],
		[`${o}/analytics`]: [{ url: `${o}/analytics`, as: 'organization' }],
		[`${o}/settings`]: [{ url: `${o}/settings`, as: 'organization' }],
		[`${o}/single-sign-on`]: [{ url: `${o}/single-sign-on`, as: 'organization' }],
		[`${o}/score-input`]: [{ url: `${o}/score-input`, as: 'organization' }],
		[`${o}/result-cards`]: [{ url: `${o}/result-cards`, as: 'organization' }],
		[`${o}/org/announcement/list`]: [{ url: `${o}/org/announcement/list`, as: 'organization' }],
		[`${o}/certificate/:studentId/:courseId/:organizationId/:studentEmail`]: [
			{
				url: `${o}/certificate/${d.organization.student.id}/${d.organization.courseId}/${d.organization.id}/${encodeURIComponent(d.organization.student.email)}`,
				as: 'organization',
			},
		],

		'/conference': [
			{ url: '/conference', as: 'teacher' },
			{ url: '/conference', as: 'student' },
			{ url: '/conference', as: 'organization', note: 'the rooms of its own courses' },
		],
		'/conference/classroom/:roomId': [{ url: `/conference/classroom/${d.roomId}`, as: 'teacher' }],
		'/conference/whiteboard/:roomId': [
			{ url: `/conference/whiteboard/${d.roomId}`, as: 'student' },
		],

		// An unknown address under an area: its 404 page, inside the area's navigation.
		[`${s}/*`]: [
			{ url: `${s}/no-such-page`, as: 'student', status: 404, note: 'the area 404 page' },
		],
		[`${t}/*`]: [
			{ url: `${t}/no-such-page`, as: 'teacher', status: 404, note: 'the area 404 page' },
		],
		[`${o}/*`]: [
			{ url: `${o}/no-such-page`, as: 'organization', status: 404, note: 'the area 404 page' },
		],
		'/conference/*': [
			{ url: '/conference/no-such-page', as: 'student', status: 404, note: 'the area 404 page' },
		],
	}
}

const accounts: Record<
	Exclude<Role, 'anonymous'>,
	(d: A11yData) => [string, string, 'user' | 'organization']
> = {
	student: (d) => [d.student.email, password, 'user'],
	teacher: (d) => [d.teacher.email, password, 'user'],
	organization: () => ['organization@example.com', demoPassword, 'organization'],
}

/**
 * Signs the page's context in as the role (in English, the login form's own words), then, when a
 * language is given, sets the `lang` cookie the footer's switcher sets, so every page after speaks it.
 */
export async function signIn(page: Page, role: Role, d: A11yData, lang?: string) {
	await page.context().clearCookies()
	if (role !== 'anonymous') {
		const [email, pass, as] = accounts[role](d)
		await logIn(page, email, pass, as)
		await expect(page).not.toHaveURL(/\/login/)
	}
	if (lang) await page.context().addCookies([{ name: 'lang', value: lang, url: appUrl }])
}
