import { expect, test } from '@playwright/test'
import {
	actionRouteFiles,
	fuzzCases,
	pageForms,
	problemWith,
	SCRIPT,
	showsError,
	type Answer,
	type FormShape,
	type FuzzCase,
} from './fuzz-support'
import { createWorld, password, snapshot, type World } from './fuzz-world'
import { fetchFrom, someLoopbackAddress } from './loopback'

// Every action of the route table, posted malformed, missing, oversized and hostile form data as
// the role that owns it: never a 5xx, always a refusal or a visible error, and nothing stored
// (each account's data, read through the API, is the same before and after). Hostile text a
// field may accept (a title with a <script> in it) may be stored; then it must come back escaped.

type Role = 'student' | 'tutor' | 'organization' | 'visitor'

type Target = {
	role: Role
	/** Pages whose post forms (to the page itself) are fuzzed. */
	pages: (world: World) => string[]
	/** Forms a page does not render without JavaScript or for this data, posted all the same. */
	extra?: (world: World) => FormShape[]
	/** Intents that take no input (a post is the whole request): any answer but a crash is fine. */
	noInput?: (shape: FormShape) => boolean
	/** Intents whose free-text fields may accept the hostile values (then they must be escaped). */
	storesText?: (shape: FormShape) => boolean
}

const form = (
	action: string,
	fields: string[] = [],
	intent?: string,
	multipart = false,
): FormShape => ({
	action,
	fields,
	intent,
	multipart,
})
const always = () => true
const intentIs =
	(...intents: string[]) =>
	(shape: FormShape) =>
		intents.includes(shape.intent ?? '')

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const weekOf = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** The fuzz targets, one per action module of app/routes.ts (a test checks none is missing). */
const targets: Record<string, Target> = {
	'routes/public/login.tsx': { role: 'visitor', pages: () => ['/login', '/login?as=organization'] },
	// A two-factor login's code: without a right password first the page says so, but it is posted.
	'routes/public/login-two-factor.tsx': {
		role: 'visitor',
		pages: () => [],
		extra: () => [form('/login/two-factor', ['code'])],
	},
	'routes/public/login-sso.tsx': { role: 'visitor', pages: () => ['/login/sso'] },
	// The consent to link a school sign-in: with none waiting the page says so, but it is posted.
	'routes/public/login-sso-link.tsx': {
		role: 'visitor',
		pages: () => [],
		extra: () => [form('/login/sso/link', ['intent', 'password', 'code'])],
	},
	'routes/public/signup.tsx': {
		role: 'visitor',
		pages: () => ['/signup/student', '/signup/teacher', '/signup/organization'],
	},
	'routes/public/forgot-password.tsx': {
		role: 'visitor',
		pages: () => ['/forgot-password', '/forgot-password?as=organization'],
	},
	// An unknown link shows no form; the form of a good one is posted all the same.
	'routes/public/reset-password.tsx': {
		role: 'visitor',
		pages: () => [],
		extra: () => [form('/reset-password', ['token', 'as', 'password', 'confirmPassword'])],
	},
	// An unknown verification link shows no button; the button's form is posted all the same.
	'routes/public/verify-email.tsx': {
		role: 'visitor',
		pages: () => [],
		extra: () => [form('/verify-email', ['token'])],
	},
	'routes/public/two-factor-recovery.tsx': {
		role: 'visitor',
		pages: () => ['/two-factor-recovery?token=unknown'],
	},
	// A notification mail's unsubscribe page: its button posts to the link's own address.
	'routes/public/unsubscribe.tsx': {
		role: 'visitor',
		pages: () => ['/unsubscribe?token=unknown'],
	},
	// The verification banner's Resend: a post and a way back (only a same-site path is followed).
	'routes/account/resend-verification.tsx': {
		role: 'student',
		pages: () => [],
		extra: () => [form('/account/resend-verification', ['returnTo'])],
		noInput: always,
	},
	// The footer's language form: a post and a way back; a language not in the list changes nothing.
	'routes/account/language.tsx': {
		role: 'visitor',
		pages: () => [],
		extra: () => [form('/language', ['locale', 'redirectTo'])],
		noInput: always,
	},
	'routes/public/logout.tsx': {
		role: 'visitor',
		pages: () => [],
		extra: () => [form('/logout')],
		noInput: always,
	},
	'routes/public/find-student.tsx': { role: 'tutor', pages: () => ['/courses/find-student'] },
	// Off here (ERROR_CHECK unset): every post is a 404.
	'routes/operations/error-check.tsx': {
		role: 'tutor',
		pages: () => [],
		extra: () => [form('/error-check')],
		noInput: always,
	},
	'routes/public/checkout.tsx': {
		role: 'student',
		pages: (w) => [`/course/${w.paidCourseId}/checkout`],
		extra: (w) => [
			form(`/course/${w.paidCourseId}/checkout`, [], 'free'),
			form(`/course/${w.paidCourseId}/checkout`, [], 'stripe'),
		],
		noInput: intentIs('free', 'stripe'),
	},

	// The notification settings are checkboxes: any of them may be off, even all (decision 023).
	'routes/student/profile.tsx': {
		role: 'student',
		pages: () => ['/studentdashboard/profile'],
		noInput: intentIs('notifications', 'end-other-sessions'),
	},
	'routes/student/dashboard.tsx': {
		role: 'student',
		pages: () => [],
		extra: () => [
			form('/studentdashboard?index', ['invitationId'], 'accept'),
			form('/studentdashboard?index', ['invitationId'], 'decline'),
		],
	},
	'routes/student/sessions.tsx': {
		role: 'student',
		pages: () => ['/studentdashboard/sessions'],
		noInput: intentIs('refresh', 'reset-calendar'),
	},
	'routes/student/task-details.tsx': {
		role: 'student',
		pages: (w) => [`/studentdashboard/task-details?taskId=${w.taskId}`],
	},
	// The submit form's upload island: the same fields as the page's form, answered in JSON.
	'routes/student/task-submit.tsx': {
		role: 'student',
		pages: () => [],
		extra: (w) => [
			form(
				`/studentdashboard/task-details/submit?taskId=${w.taskId}`,
				['file', 'comment'],
				undefined,
				true,
			),
		],
	},
	// The test island's JSON endpoint: fuzzed with JSON bodies by its own test below.
	'routes/student/test-progress.tsx': { role: 'student', pages: () => [] },
	'routes/student/test.tsx': {
		role: 'student',
		pages: (w) => [
			`/studentdashboard/test/${w.templateId}`,
			`/studentdashboard/test/${w.templateId}?session=${w.testSessionId}`,
		],
		// Starting resumes the open attempt made with the world. Submitting is final and valid with no
		// answers at all; answers that are not option ids are left out by design (schema.test.ts).
		noInput: intentIs('start', 'submit'),
	},

	'routes/teacher/announcements.tsx': {
		role: 'tutor',
		pages: () => ['/teachersdashboard/announcement/list'],
	},
	'routes/teacher/certificate.tsx': {
		role: 'tutor',
		pages: (w) => [
			`/teachersdashboard/certificate/${w.student.id}/${w.courseId}/${w.teacher.id}/${encodeURIComponent(w.student.email)}`,
		],
		// Issuing takes no input; it was issued when the world was made (so the page shows it, not
		// the form), and posting again answers the same certificate.
		extra: (w) => [
			form(
				`/teachersdashboard/certificate/${w.student.id}/${w.courseId}/${w.teacher.id}/${encodeURIComponent(w.student.email)}`,
			),
		],
		noInput: always,
	},
	'routes/teacher/course-edit.tsx': {
		role: 'tutor',
		pages: (w) => [`/teachersdashboard/courses/edit/${w.paidCourseId}`],
	},
	'routes/teacher/course-form.tsx': {
		role: 'tutor',
		pages: () => ['/teachersdashboard/courses/form'],
	},
	'routes/teacher/courses.tsx': { role: 'tutor', pages: () => ['/teachersdashboard/courses'] },
	'routes/teacher/library.tsx': { role: 'tutor', pages: () => ['/teachersdashboard/library'] },
	'routes/teacher/payment-setup.tsx': {
		role: 'tutor',
		pages: () => ['/teachersdashboard/payment-setup'],
		noInput: always,
	},
	'routes/teacher/profile.tsx': {
		role: 'tutor',
		pages: () => ['/teachersdashboard/profile'],
		noInput: intentIs('notifications', 'end-other-sessions'),
	},
	// Where a teacher is held until two-factor is on (decision 037): the profile's two-factor forms.
	'routes/teacher/two-factor.tsx': {
		role: 'tutor',
		pages: () => ['/teachersdashboard/two-factor'],
	},
	'routes/teacher/qa-create.tsx': {
		role: 'tutor',
		pages: () => ['/teachersdashboard/qa/create'],
		// Editing the draft (add a question, an option, ...) stores nothing; only `save` does.
		noInput: (shape) => shape.intent !== 'save',
	},
	'routes/teacher/qa-templates.tsx': {
		role: 'tutor',
		pages: () => ['/teachersdashboard/qa/templates'],
	},
	'routes/teacher/report-card.tsx': {
		role: 'tutor',
		pages: (w) => [`/teachersdashboard/report-card/${w.student.id}/${w.courseId}`],
	},
	'routes/teacher/schedule-attendance.tsx': {
		role: 'tutor',
		pages: (w) => [`/teachersdashboard/schedule/${w.scheduleId}/attendance`],
	},
	'routes/teacher/schedule-edit.tsx': {
		role: 'tutor',
		pages: (w) => [`/teachersdashboard/schedule/${w.scheduleId}/edit`],
	},
	'routes/teacher/schedule-new.tsx': {
		role: 'tutor',
		pages: () => ['/teachersdashboard/schedule/new'],
	},
	'routes/teacher/schedule.tsx': {
		role: 'tutor',
		pages: () => ['/teachersdashboard/schedule', `/teachersdashboard/schedule?week=${weekOf(30)}`],
		noInput: intentIs('refresh', 'reset-calendar'),
	},
	'routes/teacher/task-view-submission.tsx': {
		role: 'tutor',
		pages: (w) => [
			`/teachersdashboard/tasks/view-submissions?taskId=${w.taskId}&studentId=${w.student.id}`,
		],
		// The grade form shows once the student has handed work in; the fuzz student has not.
		extra: (w) => [
			form(
				`/teachersdashboard/tasks/view-submissions?taskId=${w.taskId}&studentId=${w.student.id}`,
				['submissionId', 'grade', 'feedback'],
			),
		],
	},
	'routes/teacher/tasks.tsx': {
		role: 'tutor',
		pages: (w) => ['/teachersdashboard/tasks', `/teachersdashboard/tasks?edit=${w.taskId}`],
	},

	'routes/organization/announcements.tsx': {
		role: 'organization',
		pages: () => ['/organization/org/announcement/list'],
		extra: () => [form('/organization/org/announcement/list', ['announcementId'], 'delete')],
		// An organization-wide announcement is just a title and a body: any text is valid.
		storesText: (shape) => shape.intent !== 'delete',
	},
	'routes/organization/certificate.tsx': {
		role: 'organization',
		// Not the organization's course: the page is a 404, the post is refused upstream.
		pages: () => [],
		extra: (w) => [
			form(
				`/organization/certificate/${w.student.id}/${w.courseId}/${w.organization.id}/${encodeURIComponent(w.student.email)}`,
			),
		],
		noInput: always,
	},
	'routes/organization/dashboard.tsx': {
		role: 'organization',
		pages: () => ['/organization/dashboard'],
		storesText: always,
	},
	'routes/organization/departments.tsx': {
		role: 'organization',
		pages: () => ['/organization/departments'],
		storesText: (shape) => shape.intent !== 'delete',
	},
	// "Prepare the file (CSV)": score input and result cards show it only above
	// EXPORT_STREAM_LIMIT students (decision 046); posted all the same. The job keeps its term.
	'routes/organization/exports.tsx': {
		role: 'organization',
		pages: () => [],
		extra: () => [form('/organization/exports', ['kind', 'term'])],
		storesText: always,
	},
	'routes/organization/payment-setup.tsx': {
		role: 'organization',
		pages: () => ['/organization/payment-setup'],
		noInput: always,
	},
	'routes/organization/roster.tsx': {
		role: 'organization',
		pages: () => ['/organization/roster'],
	},
	// Confirming takes no input; an unknown import is refused (the page itself is then a 404).
	'routes/organization/roster-import.tsx': {
		role: 'organization',
		pages: () => [],
		extra: () => [form(`/organization/roster/imports/${UNKNOWN}`, [], 'confirm')],
		noInput: always,
	},
	'routes/organization/score-input.tsx': {
		role: 'organization',
		pages: () => ['/organization/score-input?term=Fuzz%20term&subjects=Maths'],
	},
	'routes/organization/settings.tsx': {
		role: 'organization',
		pages: () => ['/organization/settings'],
		// An unticked box sends nothing: the requirement off (decision 037).
		noInput: intentIs('end-other-sessions', 'teacher-two-factor'),
	},
	'routes/organization/single-sign-on.tsx': {
		role: 'organization',
		pages: () => ['/organization/single-sign-on'],
	},
	'routes/organization/students.tsx': {
		role: 'organization',
		pages: () => ['/organization/students'],
	},
	'routes/organization/teachers.tsx': {
		role: 'organization',
		pages: () => ['/organization/teachers'],
	},

	'routes/conference/index.tsx': { role: 'tutor', pages: () => ['/conference'] },
	'routes/conference/classroom.tsx': {
		role: 'tutor',
		pages: (w) => [`/conference/classroom/${w.classroomId}`],
		extra: (w) => [
			form(`/conference/classroom/${w.classroomId}`, [], 'ticket'),
			form(`/conference/classroom/${UNKNOWN}`, ['text'], 'message'),
		],
		noInput: intentIs('ticket', 'end'),
		storesText: intentIs('message'),
	},
	// A room page's new socket ticket (JSON, issue 42): posted with anything, it answers, never a 500.
	'routes/conference/ticket.ts': {
		role: 'tutor',
		pages: () => [],
		extra: (w) => [form(`/conference/rooms/${w.classroomId}/ticket`, [])],
		noInput: always,
	},
	'routes/conference/whiteboard.tsx': {
		role: 'tutor',
		pages: (w) => [`/conference/whiteboard/${w.whiteboardId}`],
		extra: (w) => [form(`/conference/whiteboard/${w.whiteboardId}`, [], 'ticket')],
		noInput: intentIs('ticket', 'end'),
		storesText: intentIs('message'),
	},
}

test('every action route of the route table has fuzz targets', () => {
	expect(Object.keys(targets).sort()).toEqual(actionRouteFiles().sort())
})

// ---------------------------------------------------------------------------------------------

let world: World
test.beforeAll(async () => {
	test.setTimeout(60_000)
	world = await createWorld()
})

class Browser {
	private cookies = new Map<string, string>()
	// Its own address: the login form's fuzzing must not throttle other suites' logins (loopback.ts).
	private address = someLoopbackAddress()
	constructor(private baseURL: string) {}

	async send(
		path: string,
		init: { method?: string; body?: BodyInit; contentType?: string } = {},
	): Promise<Answer> {
		const response = await fetchFrom(this.address, new URL(path, this.baseURL), {
			method: init.method ?? 'GET',
			headers: {
				// The app refuses posts from another site: this is its own page posting.
				origin: this.baseURL,
				...(init.contentType && { 'content-type': init.contentType }),
				...(this.cookies.size && {
					cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
				}),
			},
			body: init.body,
		})
		for (const line of response.headers.getSetCookie()) {
			const [pair = '', ...attributes] = line.split(';')
			const name = pair.slice(0, pair.indexOf('='))
			const value = pair.slice(pair.indexOf('=') + 1)
			const expired = attributes.some((attribute) =>
				/^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute),
			)
			if (expired || !value) this.cookies.delete(name)
			else this.cookies.set(name, value)
		}
		return {
			status: response.status,
			location: response.headers.get('location'),
			html: await response.text(),
		}
	}

	async logIn(email: string, as: 'user' | 'organization') {
		const answer = await this.send('/login', {
			method: 'POST',
			contentType: 'application/x-www-form-urlencoded',
			body: new URLSearchParams({ email, password, as, redirectTo: '' }).toString(),
		})
		expect(answer.status, `log in ${email}`).toBe(302)
	}
}

async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
	let next = 0
	await Promise.all(
		Array.from({ length: Math.min(size, items.length) }, async () => {
			while (next < items.length) await work(items[next++] as T)
		}),
	)
}

/** A form to fuzz; `onPage` when the page renders it (so a refusal can show next to it). */
type Shaped = {
	target: string
	shape: FormShape
	noInput: boolean
	storesText: boolean
	onPage: boolean
	/** The one form per action address that also gets the whole-body cases. */
	bodyCases: boolean
}

/** The forms of every target of a role: discovered on its pages, plus the extra ones. */
async function shapesOf(
	browser: Browser,
	role: Role,
	area: (file: string) => boolean = () => true,
) {
	const shapes: Shaped[] = []
	const empty: string[] = []
	for (const [file, target] of Object.entries(targets)) {
		if (target.role !== role || !area(file)) continue
		const found: Array<[FormShape, boolean]> = []
		for (const page of target.pages(world)) {
			const answer = await browser.send(page)
			expect(answer.status, `GET ${page}`).toBe(200)
			for (const shape of pageForms(answer.html, page)) found.push([shape, true])
		}
		for (const shape of target.extra?.(world) ?? []) found.push([shape, false])
		if (!found.length && file !== 'routes/student/test-progress.tsx') empty.push(file)
		for (const [shape, onPage] of found)
			shapes.push({
				target: file,
				shape,
				noInput: target.noInput?.(shape) ?? false,
				storesText: target.storesText?.(shape) ?? false,
				onPage,
				bodyCases: false,
			})
	}
	for (const action of new Set(shapes.map((shaped) => shaped.shape.action))) {
		const same = shapes.filter((shaped) => shaped.shape.action === action)
		const carrier = same.find((shaped) => !shaped.noInput) ?? same[0]
		if (carrier) carrier.bodyCases = true
	}
	expect(empty, 'action routes with no form to fuzz').toEqual([])
	return shapes
}

const describe = (shaped: Shaped) => `${shaped.shape.action} intent=${shaped.shape.intent ?? '-'}`

async function fuzz(browser: Browser, shapes: Shaped[], cases: FuzzCase[], problems: string[]) {
	const jobs = shapes.flatMap((shaped) =>
		cases
			.filter((fuzzCase) => shaped.bodyCases || !fuzzCase.wholeBody)
			.map((fuzzCase) => ({ shaped, fuzzCase })),
	)
	await pool(jobs, 4, async ({ shaped, fuzzCase }) => {
		const { body, contentType } = fuzzCase.body(shaped.shape)
		const answer = await browser.send(shaped.shape.action, { method: 'POST', body, contentType })
		const problem = problemWith(answer, {
			takesNoInput: shaped.noInput,
			readable: fuzzCase.phase === 'values' && shaped.onPage,
			mayStore: fuzzCase.phase === 'values' && shaped.storesText,
		})
		if (problem) problems.push(`${describe(shaped)} [${fuzzCase.name}]: ${problem}`)
	})
}

const malformed = fuzzCases.filter((fuzzCase) => fuzzCase.phase === 'malformed')
const values = fuzzCases.filter((fuzzCase) => fuzzCase.phase === 'values')

const home = {
	student: '/studentdashboard',
	tutor: '/teachersdashboard',
	organization: '/organization/dashboard',
}

async function fuzzRole(
	role: Exclude<Role, 'visitor'>,
	baseURL: string,
	area: (file: string) => boolean = () => true,
) {
	const browser = new Browser(baseURL)
	const account = {
		student: world.student.email,
		tutor: world.teacher.email,
		organization: world.organization.email,
	}
	await browser.logIn(account[role], role === 'organization' ? 'organization' : 'user')
	const shapes = await shapesOf(browser, role, area)
	const strict = shapes.filter((shaped) => !shaped.noInput && !shaped.storesText)
	const problems: string[] = []

	const before = await snapshot(world, role)
	// Nothing of a malformed body is valid input anywhere; other values only where no field takes text.
	await fuzz(
		browser,
		shapes.filter((shaped) => !shaped.noInput),
		malformed,
		problems,
	)
	await fuzz(browser, strict, values, problems)
	expect(problems, 'bad answers').toEqual([])
	expect(await snapshot(world, role), 'nothing stored from invalid input').toEqual(before)

	// Text a field may accept: stored or refused, but every page shows it escaped.
	await fuzz(
		browser,
		shapes.filter((shaped) => shaped.storesText),
		values,
		problems,
	)
	// Actions without input last: what they do (end a room, start a test) is theirs to do.
	await fuzz(
		browser,
		shapes.filter((shaped) => shaped.noInput),
		[...malformed, ...values],
		problems,
	)
	expect(problems, 'bad answers').toEqual([])
	const pages = Object.entries(targets)
		.filter(([file, target]) => target.role === role && area(file))
		.flatMap(([, target]) => target.pages(world))
	for (const page of new Set(pages)) {
		const answer = await browser.send(page)
		expect(answer.status, `GET ${page} after the fuzzing`).toBeLessThan(500)
		expect(answer.html.includes(SCRIPT), `${page} renders a posted <script> unescaped`).toBe(false)
	}
	// Still signed in: every refusal above was the action's own, not a lost session.
	expect((await browser.send(home[role])).status, `${home[role]} after the fuzzing`).toBe(200)
}

test.describe('fuzzing every action', () => {
	test.describe.configure({ timeout: 120_000 })

	test('a student’s actions', async ({ baseURL }) => {
		await fuzzRole('student', baseURL as string)
	})

	// The teacher has the most actions: two tests, so the two workers share them.
	const sessionsAndWork = /teacher\/(schedule|tasks|task-|qa-)|conference\//
	test('a teacher’s actions: courses, library, profile, payments, certificates, more', async ({
		baseURL,
	}) => {
		await fuzzRole('tutor', baseURL as string, (file) => !sessionsAndWork.test(file))
	})

	test('a teacher’s actions: schedules, tasks, tests, rooms', async ({ baseURL }) => {
		await fuzzRole('tutor', baseURL as string, (file) => sessionsAndWork.test(file))
	})

	test('an organization’s actions', async ({ baseURL }) => {
		await fuzzRole('organization', baseURL as string)
	})

	// A file's cells and name reach the database too (issue 38: NUL in a roster cell was a 500).
	test('a roster file with NUL bytes and prototype names: each row’s error, never a 5xx', async ({
		baseURL,
	}) => {
		const browser = new Browser(baseURL as string)
		await browser.logIn(world.organization.email, 'organization')
		const upload = (name: string, text: string) => {
			const form = new FormData()
			form.set('file', new File([text], name, { type: 'text/csv' }))
			return browser.send('/organization/roster', { method: 'POST', body: form })
		}
		const header = 'role,first name,last name,email,department,student number'
		const cells = await upload(
			'nul.csv',
			[
				header,
				'student,A\u0000da,Lovelace,nul-cell@example.com,Maths,',
				'student\u0000,Ada,Lovelace,nul-role@example.com,Maths,',
				'constructor,Ada,Lovelace,proto-role@example.com,Maths,',
				'__proto__,Ada,Lovelace,proto-two@example.com,Maths,',
			].join('\n'),
		)
		expect(cells.status, cells.html.slice(0, 300)).toBe(302)
		const preview = await browser.send(cells.location as string)
		expect(preview.status).toBe(200)
		expect(preview.html).toContain('First name contains a character that is not allowed')
		expect(preview.html).toContain('Role contains a character that is not allowed')
		expect(preview.html).toContain('Role must be student or teacher')
		expect(preview.html).toMatch(/>Not imported<\/dt><dd[^>]*>4</)
		const named = await upload(
			'a\u0000.csv',
			`${header}\nstudent,Ada,Lovelace,named@example.com,Maths,`,
		)
		expect(named.status).toBeLessThan(500)
		expect(showsError(named.html), 'the file field says what is wrong').toBe(true)
	})

	test('a visitor’s actions (log in, sign up, log out)', async ({ baseURL }) => {
		const browser = new Browser(baseURL as string)
		const shapes = await shapesOf(browser, 'visitor')
		const problems: string[] = []
		await fuzz(browser, shapes, fuzzCases, problems)
		expect(problems, 'bad answers').toEqual([])
	})

	test('the test island’s JSON endpoint', async ({ baseURL }) => {
		const browser = new Browser(baseURL as string)
		await browser.logIn(world.student.email, 'user')
		const path = `/studentdashboard/test/${world.templateId}/progress`
		const before = await snapshot(world, 'student')
		const bodies: Array<[string, string | undefined, string | undefined]> = [
			['empty', '', 'application/json'],
			['no body', undefined, undefined],
			['invalid JSON', '{"intent":"save",', 'application/json'],
			['JSON null', 'null', 'application/json'],
			['array', '[1,2,3]', 'application/json'],
			[
				'wrong types',
				JSON.stringify({ intent: 42, sessionId: {}, progress: 'abc' }),
				'application/json',
			],
			[
				'unknown intent',
				JSON.stringify({
					intent: 'drop',
					sessionId: world.testSessionId,
					progress: { answers: {}, flagged: [] },
				}),
				'application/json',
			],
			[
				'huge numbers',
				`{"intent":"save","sessionId":"${world.testSessionId}","progress":{"answers":{"1e309":99999999999999999999,"-1":-1,"1":1e309},"flagged":[1e308]}}`,
				'application/json',
			],
			[
				'hostile strings',
				JSON.stringify({
					intent: 'save',
					sessionId: `${SCRIPT}' OR 1=1 --\u0000`,
					progress: { answers: { 1: SCRIPT }, flagged: [] },
				}),
				'application/json',
			],
			[
				'unknown session',
				JSON.stringify({
					intent: 'submit',
					sessionId: UNKNOWN,
					progress: { answers: {}, flagged: [] },
				}),
				'application/json',
			],
			[
				'10 MB',
				JSON.stringify({
					intent: 'save',
					sessionId: world.testSessionId,
					progress: { answers: {}, flagged: [], note: 'x'.repeat(10 * 1024 * 1024) },
				}),
				'application/json',
			],
			['form body', 'intent=submit', 'application/x-www-form-urlencoded'],
			[
				'malformed multipart',
				'--xyz\r\nContent-Disposition: form-da',
				'multipart/form-data; boundary=xyz',
			],
		]
		const problems: string[] = []
		await pool(bodies, 4, async ([name, body, contentType]) => {
			const answer = await browser.send(path, { method: 'POST', body, contentType })
			if (answer.status >= 500) problems.push(`${name}: answered ${answer.status}`)
			else if (answer.status < 400) problems.push(`${name}: accepted (${answer.status})`)
			else if (!showsError(answer.html)) problems.push(`${name}: ${answer.status} without an error`)
		})
		expect(problems).toEqual([])
		expect(await snapshot(world, 'student'), 'nothing stored from invalid input').toEqual(before)
	})
})
