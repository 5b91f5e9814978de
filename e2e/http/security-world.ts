import { createHash } from 'node:crypto'
import { test as base, expect } from '@playwright/test'
import { apiUrl, appPort } from '../../playwright.config'
import { jwtDecrypt } from 'jose'
import { fetchFrom, someLoopbackAddress } from './loopback'

// Plain HTTP clients for the security checks: the app (a cookie jar that follows the session
// cookie as the server refreshes it, redirects never followed) and the reference API (bearer
// tokens, logged in again before the 12-second access tokens of the e2e servers run out).

export const appOrigin = `http://127.0.0.1:${appPort}`
export const demoPassword = 'DemoPass123!'
export const demo = {
	student: 'student@example.com',
	tutor: 'teacher@example.com',
	organization: 'organization@example.com',
	orgStudent: 'orgstudent@example.com',
} as const

export type Role = 'student' | 'tutor' | 'organization'
export type Who = 'anonymous' | Role
export const everyone: Who[] = ['anonymous', 'student', 'tutor', 'organization']
export const dashboardPath: Record<Role, string> = {
	student: '/studentdashboard',
	tutor: '/teachersdashboard',
	organization: '/organization/dashboard',
}

export type Answer = {
	status: number
	location: string | null
	headers: Headers
	setCookies: string[]
	text: string
}

type RequestOptions = {
	method?: string
	form?: Record<string, string> | URLSearchParams
	multipart?: FormData
	json?: unknown
	headers?: Record<string, string>
	/** Same-origin POSTs carry the app's Origin, as a browser's form post does. */
	origin?: string | null
}

/** A visitor of the app: its cookies, kept as the server sets and clears them. */
export class AppClient {
	readonly cookies = new Map<string, string>()
	/** Its own address, as each person has (see loopback.ts). */
	private readonly address = someLoopbackAddress()

	/** `origin`: another app process than the suite's (a second one with other settings). */
	constructor(
		readonly who: Who = 'anonymous',
		readonly origin = appOrigin,
	) {}

	cookieHeader() {
		return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
	}

	async request(path: string, options: RequestOptions = {}): Promise<Answer> {
		const method =
			options.method ??
			(options.form || options.multipart || options.json !== undefined ? 'POST' : 'GET')
		const headers: Record<string, string> = { ...options.headers }
		if (this.cookies.size) headers.Cookie = this.cookieHeader()
		const origin = options.origin === undefined ? this.origin : options.origin
		if (method !== 'GET' && origin !== null) headers.Origin = origin
		let body: URLSearchParams | FormData | string | undefined
		if (options.form) {
			body =
				options.form instanceof URLSearchParams ? options.form : new URLSearchParams(options.form)
			headers['Content-Type'] = 'application/x-www-form-urlencoded'
		} else if (options.multipart) {
			body = options.multipart
		} else if (options.json !== undefined) {
			body = JSON.stringify(options.json)
			headers['Content-Type'] = 'application/json'
		}
		const response = await fetchFrom(this.address, new URL(path, this.origin), {
			method,
			headers,
			body,
		})
		const setCookies = response.headers.getSetCookie()
		for (const cookie of setCookies) this.keep(cookie)
		const text = await response.text()
		return {
			status: response.status,
			location: response.headers.get('Location'),
			headers: response.headers,
			setCookies,
			text,
		}
	}

	get(path: string, headers?: Record<string, string>) {
		return this.request(path, { headers })
	}

	post(
		path: string,
		form: Record<string, string> = {},
		options: Omit<RequestOptions, 'form' | 'method'> = {},
	) {
		return this.request(path, { ...options, method: 'POST', form })
	}

	private keep(setCookie: string) {
		const [pair = '', ...attributes] = setCookie.split(';')
		const at = pair.indexOf('=')
		const name = pair.slice(0, at).trim()
		const value = pair.slice(at + 1).trim()
		const expired = attributes.some((attribute) => {
			const [key = '', val = ''] = attribute.trim().split('=')
			if (key.toLowerCase() === 'max-age') return Number(val) <= 0
			if (key.toLowerCase() === 'expires') return Date.parse(val) < Date.now()
			return false
		})
		if (expired || !value) this.cookies.delete(name)
		else this.cookies.set(name, value)
	}

	/** The session cookie exactly as the browser holds it. */
	sessionCookie(): string {
		return decodeURIComponent(this.cookies.get('__session') ?? '')
	}

	/**
	 * What the encrypted session cookie holds, opened with the key the test servers use
	 * (scripts/e2e-servers.mjs): nobody without SESSION_SECRET can do this.
	 */
	async sessionData(): Promise<{
		accessToken?: string
		refreshToken?: string
		user?: { id: string }
	}> {
		if (!this.cookies.has('__session')) return {}
		const sealed = JSON.parse(atob(this.sessionCookie())) as string
		const key = createHash('sha256').update('session-cookie:e2e-session-secret').digest()
		const { payload } = await jwtDecrypt(sealed, key)
		return payload.data as { accessToken?: string; refreshToken?: string; user?: { id: string } }
	}
}

/** Logs in through the app's own form (as a browser with or without JavaScript does). */
export async function logInApp(
	role: Role,
	email: string = demo[role],
	password = demoPassword,
	origin = appOrigin,
) {
	const client = new AppClient(role, origin)
	const answer = await client.post('/login', {
		email,
		password,
		as: role === 'organization' ? 'organization' : 'user',
		redirectTo: '',
	})
	expect(answer.status, `log in as ${email}`).toBe(302)
	expect(answer.location).toBe(dashboardPath[role])
	expect(client.cookies.has('__session')).toBe(true)
	return client
}

/**
 * A published course by its title, page by page: the suites publish courses of their own, so the
 * demo's may be far down the catalogue by the time a world is built.
 */
async function findPublishedCourse(
	api: ApiClient,
	title: string,
): Promise<{ id: string; title: string } | undefined> {
	for (let page = 1; ; page++) {
		const list = await api.ok('GET', `/courses/public/list?limit=100&page=${page}`)
		const found = list.courses.find((item: { title: string }) => item.title === title)
		if (found || list.courses.length < 100) return found
	}
}

/** The reference API, called as one account; logs in again before the short access token expires. */
export class ApiClient {
	private token = ''
	private tokenAt = 0
	id = ''
	refreshToken = ''

	constructor(
		readonly email: string,
		readonly kind: 'user' | 'organization' = 'user',
		readonly password = demoPassword,
	) {}

	/**
	 * Each client logs in from a loopback address of its own (any 127.x.y.z is this machine): the
	 * tests that fail logins on purpose, from 127.0.0.1 or their own addresses, never throttle it.
	 */
	private readonly address = someLoopbackAddress()

	async logIn() {
		const path = this.kind === 'organization' ? '/auth/organization-login' : '/auth/login'
		const response = await fetchFrom(this.address, `${apiUrl}${path}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email: this.email, password: this.password }),
		})
		const body = await response.json()
		expect(response.status, `API login ${this.email}: ${JSON.stringify(body)}`).toBe(200)
		this.token = body.user.accessToken
		this.refreshToken = body.user.refreshToken
		this.id = body.user.id
		this.tokenAt = Date.now()
		return body.user as { id: string; accessToken: string; refreshToken: string; name: string }
	}

	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read loosely, checked by the tests
	async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
		if (!this.token || Date.now() - this.tokenAt > 8_000) await this.logIn()
		const headers: Record<string, string> = { Authorization: `Bearer ${this.token}` }
		let payload: BodyInit | undefined
		if (body instanceof FormData) payload = body
		else if (body !== undefined) {
			headers['Content-Type'] = 'application/json'
			payload = JSON.stringify(body)
		}
		const response = await fetch(`${apiUrl}${path}`, { method, headers, body: payload })
		const text = await response.text()
		let parsed: unknown = text
		try {
			parsed = JSON.parse(text)
		} catch {
			// a file
		}
		return { status: response.status, body: parsed }
	}

	async ok(method: string, path: string, body?: unknown) {
		const answer = await this.call(method, path, body)
		expect(
			answer.status,
			`${method} ${path}: ${JSON.stringify(answer.body).slice(0, 300)}`,
		).toBeLessThan(300)
		return answer.body
	}
}

export async function registerUser(role: 'student' | 'tutor', prefix: string) {
	const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
	const response = await fetch(
		`${apiUrl}/auth/${role === 'tutor' ? 'register-tutor' : 'register-student'}`,
		{
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ firstName: 'Sec', lastName: prefix, email, password: demoPassword }),
		},
	)
	expect(response.status, `register ${email}`).toBe(201)
	const api = new ApiClient(email)
	await api.logIn()
	return { email, api }
}

export async function registerOrganization(prefix: string) {
	const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
	const form = new FormData()
	for (const [name, value] of Object.entries({
		name: `Security ${prefix}`,
		email,
		password: demoPassword,
		type: 'school',
		country: 'US',
	}))
		form.append(name, value)
	const response = await fetch(`${apiUrl}/organizations/register`, { method: 'POST', body: form })
	expect(response.status, `register organization ${email}`).toBe(201)
	const api = new ApiClient(email, 'organization')
	await api.logIn()
	return { email, api }
}

/**
 * A new organization's free, published Science course and a new student enrolled in it (checking
 * out a free course enrols at once).
 */
export async function organizationCourseWithStudent(
	prefixes: { organization: string; student: string },
	{ title, description }: { title: string; description: string },
) {
	const organization = await registerOrganization(prefixes.organization)
	const student = await registerUser('student', prefixes.student)
	const { course } = await organization.api.ok('POST', '/courses/create-course', {
		title,
		description,
		category: 'Science',
		level: 'Beginner',
		price: { amount: 0, currency: 'USD' },
		isPublished: true,
	})
	await student.api.ok('POST', '/payments/checkout', { courseId: course.id })
	return { organization, student, course: course as { id: string } }
}

// A 1x1 GIF: the API checks an image by its first bytes.
const tinyGif = Uint8Array.from(
	atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'),
	(char) => char.charCodeAt(0),
)

/** Tenant A's accounts (fresh per worker) and real ids for every route parameter. */
export type World = {
	emails: Record<Role, string>
	studentId: string
	studentName: string
	studentEmail: string
	tutorId: string
	organizationId: string
	orgStudentId: string
	orgStudentName: string
	orgStudentEmail: string
	orgTutorEmail: string
	courseId: string
	checkoutCourseId: string
	orgCourseId: string
	paymentId: string
	templateId: string
	testSessionId: string
	testHistoryId: string
	resourceId: string
	announcementId: string
	certificate: { id: string; publicId: string }
	orgCertificateId: string
	reportCardPublicId: string
	scheduleId: string
	taskId: string
	submissionId: string
	departmentId: string
	rosterImportId: string
	/** A finished background export of the organization's (decision 046). */
	exportId: string
	roomId: string
	roomTitle: string
	fileKey: string
}

export type Apis = { student: ApiClient; tutor: ApiClient; organization: ApiClient }

function multipart(fields: Record<string, string>, files: Record<string, [string, string]> = {}) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.append(name, value)
	for (const [name, [fileName, text]] of Object.entries(files))
		form.append(name, new Blob([text], { type: 'text/plain' }), fileName)
	return form
}

/**
 * Tenant A, built through the API: a teacher with a course, its enrolled student, a task with an
 * attachment and the student's submitted file, a session, a QA template and a finished attempt, a
 * library file, an announcement, a report card, a certificate and a live room; an organization
 * with a department, a teacher, a student with a score, a free course and a certificate. Its own
 * accounts, so journeys running at the same time on the demo accounts change nothing here.
 */
export async function buildWorld(): Promise<{ apis: Apis; world: World }> {
	const [student, tutor, organization] = await Promise.all([
		registerUser('student', 'tenant-a-student'),
		registerUser('tutor', 'tenant-a-teacher'),
		registerOrganization('tenant-a-org'),
	])
	const apis = { student: student.api, tutor: tutor.api, organization: organization.api }
	const hook = await fetch(`${apiUrl}/__test/enrolled-course`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({
			tutorEmail: tutor.email,
			title: 'Tenant A algebra',
			studentEmails: [student.email],
		}),
	})
	expect(hook.status, 'test hook: enrolled course').toBe(201)
	const { courseId } = (await hook.json()) as { courseId: string }

	const roomTitle = 'Tenant A live class'
	const [
		task,
		template,
		schedule,
		room,
		resource,
		announcement,
		certificate,
		reportCard,
		catalogue,
		profile,
		org,
	] = await Promise.all([
		apis.tutor.ok(
			'POST',
			'/tasks/create-task',
			multipart(
				{
					courseId,
					title: 'Tenant A worksheet',
					taskType: 'homework',
					dueDate: '2030-01-01T10:00:00.000Z',
				},
				{ attachment: ['worksheet.txt', 'Solve all parts.\n'] },
			),
		),
		apis.tutor.ok('POST', '/qa/create-template', {
			title: 'Tenant A quick check',
			timeLimit: 10,
			isActive: 1,
			questions: [
				{
					id: 1,
					questionText: 'Tenant A secret question: half of 8?',
					options: [
						{ text: '4', isCorrect: true },
						{ text: '2', isCorrect: false },
					],
				},
			],
		}),
		apis.tutor.ok(
			'POST',
			'/schedule/create',
			multipart({
				courseId,
				title: 'Tenant A session',
				scheduledDate: '2030-01-07',
				startTime: '16:30',
				duration: '60',
				timeZone: 'UTC',
			}),
		),
		apis.tutor.ok('POST', '/rooms', { courseId, title: roomTitle }),
		apis.tutor.ok(
			'POST',
			'/resources/upload',
			multipart(
				{ title: 'Tenant A worksheet file', subject: 'Mathematics', resourceType: 'worksheet' },
				{ file: ['sheet.txt', 'Practice\n'] },
			),
		),
		apis.tutor.ok('POST', '/announcements', {
			title: 'Tenant A announcement',
			body: 'Only for tenant A algebra.',
			courseId,
		}),
		apis.tutor.ok('POST', '/certificates', { courseId, studentId: student.api.id }),
		apis.tutor.ok('PUT', `/report-cards/${student.api.id}/${courseId}`, {
			score: 86,
			comments: 'Tenant A steady progress.',
		}),
		findPublishedCourse(apis.student, 'Chemistry Essentials'),
		apis.student.ok(
			'POST',
			'/auth/upload-student-profile-picture',
			(() => {
				const form = new FormData()
				form.append('profilePicture', new Blob([tinyGif], { type: 'image/gif' }), 'me.gif')
				return form
			})(),
		),
		buildOrganization(organization.api, organization.email),
	])
	expect(catalogue, 'the demo catalogue has a course for sale').toBeTruthy()
	const checkoutCourse = catalogue as { id: string }
	const [submission, attempt, payment, me] = await Promise.all([
		apis.student.ok(
			'POST',
			`/tasks/${task.task.id}/submit`,
			multipart({ comment: 'Mine' }, { file: ['my-work.txt', 'Tenant A answers\n'] }),
		),
		takeTest(apis.student, template.template.id),
		apis.student.ok('POST', '/payments/checkout', { courseId: checkoutCourse.id }),
		apis.student.ok('GET', `/users/student-profile/${student.api.id}`),
		// Read by its student once, so opening it later changes no counter.
		apis.student.ok('POST', `/announcements/${announcement.announcement.id}/read`),
	])
	const world: World = {
		emails: { student: student.email, tutor: tutor.email, organization: organization.email },
		studentId: student.api.id,
		studentName: me.studentProfile.name,
		studentEmail: student.email,
		tutorId: tutor.api.id,
		...org,
		courseId,
		checkoutCourseId: checkoutCourse.id,
		paymentId: payment.payment.id,
		templateId: template.template.id,
		testSessionId: attempt.sessionId,
		testHistoryId: attempt.historyId,
		resourceId: resource.resource.id,
		announcementId: announcement.announcement.id,
		certificate: { id: certificate.certificate.id, publicId: certificate.certificate.publicId },
		reportCardPublicId: reportCard.reportCard.publicId,
		scheduleId: schedule.schedule.id,
		taskId: task.task.id,
		submissionId: submission.data.id,
		roomId: room.room.id,
		roomTitle,
		fileKey: String(profile.profilePicture).replace(/^\/files\//, ''),
	}
	return { apis, world }
}

async function buildOrganization(api: ApiClient, email: string) {
	const suffix = Math.random().toString(36).slice(2, 8)
	const orgStudentEmail = `tenant-a-orgstudent-${suffix}@example.com`
	const orgTeacherEmail = `tenant-a-orgteacher-${suffix}@example.com`
	const [department, orgStudent, , course] = await Promise.all([
		api.ok('POST', '/organizations/create-department', {
			departmentName: 'Tenant A languages',
			description: 'Tenant A department notes',
		}),
		api.ok('POST', '/auth/register-student/organization', {
			firstName: 'Olive',
			lastName: 'Tenant',
			email: orgStudentEmail,
			password: demoPassword,
		}),
		api.ok('POST', '/auth/register-tutor/organization', {
			firstName: 'Otto',
			lastName: 'Tenant',
			email: orgTeacherEmail,
			password: demoPassword,
		}),
		api.ok('POST', '/courses/create-course', {
			title: `Tenant A free course ${suffix}`,
			description: 'Free for the organization.',
			category: 'Mathematics',
			level: 'Beginner',
			price: { amount: 0, currency: 'USD' },
			isPublished: true,
		}),
	])
	// A roster import left in preview: its page is the organization's alone.
	const roster = await api.ok(
		'POST',
		`/organizations/${api.id}/roster/imports`,
		multipart(
			{},
			{
				file: [
					'roster.csv',
					`role,first name,last name,email,department,student number\nstudent,Rory,Tenant,tenant-a-roster-${suffix}@example.com,Tenant A languages,\n`,
				],
			},
		),
	)
	// A background export: its page and file are the organization's alone.
	const exported = await api.ok('POST', `/organizations/${api.id}/exports`, {
		kind: 'scores',
		term: 'Term 1',
	})
	const orgStudentApi = new ApiClient(orgStudentEmail)
	// A free course: checking out enrols at once.
	await orgStudentApi.ok('POST', '/payments/checkout', { courseId: course.course.id })
	const [certificate] = await Promise.all([
		api.ok('POST', '/certificates', { courseId: course.course.id, studentId: orgStudent.user.id }),
		api.ok('PUT', `/organizations/${api.id}/scores`, {
			term: 'Term 1 2026',
			scores: [{ studentId: orgStudent.user.id, subject: 'Mathematics', score: 77 }],
		}),
	])
	expect(email).toBeTruthy()
	return {
		organizationId: api.id,
		orgStudentId: orgStudent.user.id as string,
		orgStudentName: orgStudent.user.name as string,
		orgStudentEmail,
		orgTutorEmail: orgTeacherEmail,
		orgCourseId: course.course.id as string,
		orgCertificateId: certificate.certificate.id as string,
		departmentId: department.id as string,
		rosterImportId: roster.import.id as string,
		exportId: exported.export.id as string,
	}
}

/** A finished attempt of the student's. */
async function takeTest(student: ApiClient, templateId: string) {
	const { session } = await student.ok('POST', `/test/templates/${templateId}/start`)
	const submitted = await student.ok('POST', `/test/sessions/${session.id}/submit`, {
		submissions: [{ questionId: 1, optionId: 1 }],
	})
	return { sessionId: session.id as string, historyId: submitted.historyId as string }
}

/**
 * What the refused requests must not change, read straight from the API: tenant A's courses,
 * enrolments, tasks, sessions, templates, rooms, library, announcements, certificates, report
 * cards, test history, departments, members, scores, settings and profiles. Read receipts and
 * counters are left out (opening a page may mark an announcement read).
 */
/** Fields forms of every area carry, aimed at the owners' real data, so a missing guard would act. */
export function hostileForm(world: World, change: string) {
	return {
		intent: 'delete',
		courseId: world.courseId,
		taskId: world.taskId,
		scheduleId: world.scheduleId,
		templateId: world.templateId,
		departmentId: world.departmentId,
		studentId: world.studentId,
		submissionId: world.submissionId,
		title: change,
		departmentName: change,
		firstName: 'Mallory',
		lastName: 'Mallory',
		name: 'Mallory Academy',
		email: 'mallory@example.com',
		score: '1',
		grade: '1',
		isPublished: 'false',
		isActive: '0',
		term: 'Term 1 2026',
	}
}

export async function ownersData(apis: Apis) {
	const { student, tutor, organization } = apis
	const reads = await Promise.all([
		tutor.ok('GET', `/courses/list?teacherId=${tutor.id}&limit=100`),
		tutor.ok('GET', '/tasks?limit=100'),
		tutor.ok('GET', '/schedule?limit=100'),
		tutor.ok('GET', `/qa/templates?createdBy=${tutor.id}&limit=100`),
		tutor.ok('GET', `/users/tutor-profile/${tutor.id}`),
		student.ok('GET', `/users/student-profile/${student.id}`),
		organization.ok('GET', `/organizations/${organization.id}`),
		organization.ok('GET', '/organizations/departments?limit=100'),
		organization.ok('GET', `/organizations/${organization.id}/scores`),
		organization.ok('GET', `/users/organization/${organization.id}/students?limit=100`),
		student.ok('GET', '/tasks?limit=100'),
		tutor.ok('GET', '/announcements?limit=100'),
		tutor.ok('GET', '/certificates?limit=100'),
		tutor.ok('GET', `/report-cards/${student.id}`),
		tutor.ok('GET', '/rooms'),
		// The library is shared by every teacher (other workers' tenants upload too): only this tutor's part.
		tutor
			.ok('GET', '/resources?limit=100')
			.then((answer: { resources: { uploadedBy: { id: string } }[] }) =>
				answer.resources.filter((resource) => resource.uploadedBy.id === tutor.id),
			),
		student.ok('GET', '/test/history?limit=100'),
		student.ok('GET', '/courses/enrolled?limit=100'),
		organization.ok('GET', `/users/organization/${organization.id}/tutors?limit=100`),
		organization.ok('GET', `/courses/list?organizationId=${organization.id}&limit=100`),
		organization.ok('GET', '/announcements?limit=100'),
		organization.ok('GET', '/certificates?limit=100'),
	])
	return JSON.parse(
		JSON.stringify(reads, (key, value) =>
			['read', 'readCount', 'unread', 'enrolledStudents', 'submissionCount', 'serverTime'].includes(
				key,
			)
				? undefined
				: value,
		),
	)
}

type WorkerFixtures = {
	tenant: { apis: Apis; world: World }
	apis: Apis
	world: World
	as: (who: Who) => AppClient
}

/** Tenant A, its API clients and its signed-in app clients, built once per worker. */
export const test = base.extend<object, WorkerFixtures>({
	tenant: [
		// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function destructures
		async ({}, use) => {
			await use(await buildWorld())
		},
		{ scope: 'worker', timeout: 60_000 },
	],
	apis: [async ({ tenant }, use) => use(tenant.apis), { scope: 'worker' }],
	world: [async ({ tenant }, use) => use(tenant.world), { scope: 'worker' }],
	as: [
		async ({ world }, use) => {
			const [student, tutor, organization] = await Promise.all([
				logInApp('student', world.emails.student),
				logInApp('tutor', world.emails.tutor),
				logInApp('organization', world.emails.organization),
			])
			const signedIn = { student, tutor, organization }
			await use((who) => (who === 'anonymous' ? new AppClient() : signedIn[who]))
		},
		{ scope: 'worker' },
	],
})

export { expect }
