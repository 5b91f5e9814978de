import { rules } from './routes'
import {
	type AppClient,
	type ApiClient,
	type Answer,
	expect,
	logInApp,
	registerOrganization,
	registerUser,
	test as base,
	type World,
} from './security-world'

// Spec: issue 10, "every tenant tries another tenant's ids: all refused (403 or /unauthorized)".
// Tenant A is built through the API per worker (security-world.ts: a teacher, student and
// organization with data of every kind); tenant B is a fresh teacher, student and organization per worker. B opens, edits and
// deletes A's things through the app's own routes (URLs built from the route table's patterns),
// each is refused, and A's data read back from the API is unchanged.

type Tenant = { app: AppClient; api: ApiClient; email: string }
type Intruders = { tutor: Tenant; student: Tenant; organization: Tenant }

const test = base.extend<object, { intruders: Intruders }>({
	intruders: [
		// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function destructures
		async ({}, use) => {
			const [tutor, student, organization] = await Promise.all([
				registerUser('tutor', 'tenant-b-teacher'),
				registerUser('student', 'tenant-b-student'),
				registerOrganization('tenant-b-org'),
			])
			const [tutorApp, studentApp, organizationApp] = await Promise.all([
				logInApp('tutor', tutor.email),
				logInApp('student', student.email),
				logInApp('organization', organization.email),
			])
			await use({
				tutor: { ...tutor, app: tutorApp },
				student: { ...student, app: studentApp },
				organization: { ...organization, app: organizationApp },
			})
		},
		{ scope: 'worker', timeout: 60_000 },
	],
})

/** A URL of the route table: the pattern with these values for its parameters. */
function path(pattern: string, values: Record<string, string>, search = '') {
	expect(rules[pattern], `${pattern} is a route of the table`).toBeTruthy()
	const filled = pattern.replace(/:(\w+)/g, (_, name: string) => {
		expect(values[name], `a value for :${name}`).toBeTruthy()
		return encodeURIComponent(values[name] ?? '')
	})
	return `${filled}${search}`
}

/** A page or file of tenant A, asked for by tenant B: 403, 404 or /unauthorized, and none of A's data. */
function expectRefused(answer: Answer, label: string, secrets: string[] = []) {
	const where = `${label} answered ${answer.status} ${answer.location ?? ''}`
	if (answer.status === 302) expect(answer.location, where).toBe('/unauthorized')
	else expect([403, 404], where).toContain(answer.status)
	for (const secret of secrets)
		expect(answer.text, `${where}: shows nothing of tenant A`).not.toContain(secret)
}

/** A change tenant B posts to tenant A's data: the API refuses it (403, 404), and the app says so. */
function expectChangeRefused(answer: Answer, label: string, statuses = [403, 404]) {
	const where = `${label} answered ${answer.status} ${answer.location ?? ''} ${answer.text.slice(0, 200)}`
	if (answer.status === 302) expect(answer.location, where).toBe('/unauthorized')
	else expect(statuses, where).toContain(answer.status)
}

/** A list page asked to focus on A's item: it may open (it is B's own list) but shows none of A's data. */
function expectNotShown(answer: Answer, label: string, secrets: string[]) {
	expect(answer.status, label).toBeLessThan(500)
	for (const secret of secrets)
		expect(answer.text, `${label}: shows nothing of tenant A`).not.toContain(secret)
}

function ids(world: World) {
	return {
		courseId: world.courseId,
		studentId: world.studentId,
		tutorId: world.tutorId,
		studentEmail: world.studentEmail,
	}
}

test.describe("a second teacher tries the first teacher's data", () => {
	test('course: open the editor, edit, unpublish, delete', async ({ world, apis, intruders }) => {
		const b = intruders.tutor.app
		const read = () => apis.tutor.ok('GET', `/courses/${world.courseId}`)
		const before = await read()
		const edit = path('/teachersdashboard/courses/edit/:courseId', ids(world))
		expectRefused(await b.get(edit), `GET ${edit}`, [before.course.title])
		expectChangeRefused(
			await b.post(edit, {
				title: 'Taken over',
				description: 'x',
				category: 'Mathematics',
				level: 'Beginner',
				'price.amount': '1',
				'price.currency': 'USD',
			}),
			`POST ${edit}`,
		)
		const list = path('/teachersdashboard/courses', {})
		expectChangeRefused(
			await b.post(list, { intent: 'publish', courseId: world.courseId, isPublished: 'false' }),
			'unpublish',
		)
		expectChangeRefused(
			await b.post(list, { intent: 'delete', courseId: world.courseId }),
			'delete',
			[403, 404, 409],
		)
		expect(await read()).toEqual(before)
	})

	test('task: its submissions, a submitted file, edit, grade, delete', async ({
		world,
		apis,
		intruders,
	}) => {
		const b = intruders.tutor.app
		const read = () =>
			Promise.all([
				apis.tutor.ok('GET', `/tasks/${world.taskId}/submissions/detailed?limit=100`),
				apis.student.ok('GET', `/tasks/${world.taskId}/submission/${world.studentId}`),
			])
		const before = await read()
		const [{ taskInfo }] = before
		const secrets = [taskInfo.title, world.studentName]
		const tasks = path('/teachersdashboard/tasks', {})
		expectNotShown(
			await b.get(`${tasks}?edit=${world.taskId}`),
			"the edit form of A's task",
			secrets,
		)
		expectNotShown(
			await b.get(`${tasks}?delete=${world.taskId}`),
			"the delete form of A's task",
			secrets,
		)
		for (const url of [
			path('/teachersdashboard/tasks/submissions', {}, `?taskId=${world.taskId}`),
			path(
				'/teachersdashboard/tasks/view-submissions',
				{},
				`?taskId=${world.taskId}&studentId=${world.studentId}`,
			),
			path('/teachersdashboard/tasks/file', {}, `?taskId=${world.taskId}`),
			path('/teachersdashboard/tasks/file', {}, `?submissionId=${world.submissionId}`),
			path('/teachersdashboard/tasks/submissions/export', {}, `?taskId=${world.taskId}`),
		])
			expectRefused(await b.get(url), `GET ${url}`, secrets)
		const due = { dueDate: '2030-01-01T10:00', taskType: 'homework', title: 'Taken over' }
		expectChangeRefused(
			await b.post(tasks, { intent: 'update', taskId: world.taskId, ...due }),
			'edit',
		)
		expectChangeRefused(await b.post(tasks, { intent: 'delete', taskId: world.taskId }), 'delete')
		const grade = path(
			'/teachersdashboard/tasks/view-submissions',
			{},
			`?taskId=${world.taskId}&studentId=${world.studentId}`,
		)
		expectChangeRefused(
			await b.post(grade, { submissionId: world.submissionId, grade: '1', feedback: 'x' }),
			'grade',
		)
		expect(await read()).toEqual(before)
	})

	test('schedule: edit, attendance, cancel, delete', async ({ world, apis, intruders }) => {
		const b = intruders.tutor.app
		const read = () =>
			Promise.all([
				apis.tutor.ok('GET', `/schedules/${world.scheduleId}`),
				apis.tutor.ok('GET', `/schedules/${world.scheduleId}/attendance`),
			])
		const before = await read()
		const secrets = [before[0].schedule.title, world.studentName]
		const values = { scheduleId: world.scheduleId }
		const edit = path('/teachersdashboard/schedule/:scheduleId/edit', values)
		const attendance = path('/teachersdashboard/schedule/:scheduleId/attendance', values)
		expectRefused(await b.get(edit), `GET ${edit}`, secrets)
		expectRefused(await b.get(attendance), `GET ${attendance}`, secrets)
		expectChangeRefused(
			await b.post(edit, {
				courseId: world.courseId,
				title: 'Taken over',
				scheduledDate: '2030-01-07',
				startTime: '10:00',
				duration: '30',
				timeZone: 'UTC',
			}),
			`POST ${edit}`,
		)
		expectChangeRefused(
			await b.post(attendance, {
				intent: 'all-present',
				'attendance[0].studentId': world.studentId,
				'attendance[0].previous': '',
			}),
			'all present',
		)
		expectChangeRefused(
			await b.post(attendance, {
				intent: 'save',
				'attendance[0].studentId': world.studentId,
				'attendance[0].attendanceStatus': 'Absent',
			}),
			'mark absent',
		)
		const schedule = path('/teachersdashboard/schedule', {})
		expectChangeRefused(
			await b.post(schedule, { intent: 'cancel', scheduleId: world.scheduleId }),
			'cancel',
			[403, 404, 409],
		)
		expectChangeRefused(
			await b.post(schedule, { intent: 'delete', scheduleId: world.scheduleId }),
			'delete',
		)
		expect(await read()).toEqual(before)
	})

	test('QA template: deactivate, delete', async ({ world, apis, intruders }) => {
		const b = intruders.tutor.app
		const read = () => apis.tutor.ok('GET', `/qa/templates/${world.templateId}`)
		const before = await read()
		const templates = path('/teachersdashboard/qa/templates', {})
		// Active templates are listed for every teacher, but their questions are the creator's only.
		expectNotShown(
			await b.get(`${templates}?delete=${world.templateId}`),
			"the delete form of A's template",
			[before.template.questions[0].questionText],
		)
		expectChangeRefused(
			await b.post(templates, { intent: 'toggle', templateId: world.templateId, isActive: '0' }),
			'deactivate',
		)
		expectChangeRefused(
			await b.post(templates, { intent: 'delete', templateId: world.templateId }),
			'delete',
		)
		expect(await read()).toEqual(before)
	})

	test('report card: open, write', async ({ world, apis, intruders }) => {
		const b = intruders.tutor.app
		const read = () => apis.tutor.ok('GET', `/report-cards/${world.studentId}/${world.courseId}`)
		const before = await read()
		const secrets = [before.reportCard.comments, before.reportCard.publicId]
		const card = path('/teachersdashboard/report-card/:studentId/:courseId', ids(world))
		const cards = path('/teachersdashboard/report-card/:studentId', ids(world))
		expectRefused(await b.get(card), `GET ${card}`, secrets)
		expectRefused(await b.get(cards), `GET ${cards}`, secrets)
		expectChangeRefused(await b.post(card, { score: '1', comments: 'Taken over' }), `POST ${card}`)
		expect(await read()).toEqual(before)
	})

	test('certificate: open, issue, download the PDF', async ({ world, apis, intruders }) => {
		const b = intruders.tutor.app
		const read = () =>
			Promise.all([
				apis.tutor.ok('GET', `/certificates/${world.certificate.id}`),
				apis.tutor.ok('GET', '/certificates?limit=100'),
			])
		const before = await read()
		const secrets = [world.certificate.publicId]
		const pattern = '/teachersdashboard/certificate/:studentId/:courseId/:tutorId/:studentEmail'
		// A's page, and the same student and course under B's own id.
		for (const teacherId of [world.tutorId, intruders.tutor.api.id]) {
			const url = path(pattern, { ...ids(world), tutorId: teacherId })
			expectRefused(await b.get(url), `GET ${url}`, secrets)
			expectChangeRefused(await b.post(url, {}), `POST ${url}`)
		}
		const pdf = path('/teachersdashboard/certificates/:certificateId/pdf', {
			certificateId: world.certificate.id,
		})
		expectRefused(await b.get(pdf), `GET ${pdf}`, ['%PDF'])
		expect(await read()).toEqual(before)
	})

	test("announcement: delete, post to A's course", async ({ world, apis, intruders }) => {
		const b = intruders.tutor.app
		const read = () => apis.tutor.ok('GET', `/announcements/${world.announcementId}`)
		const before = await read()
		const board = path('/teachersdashboard/announcement/list', {})
		expectChangeRefused(
			await b.post(board, { intent: 'delete', announcementId: world.announcementId }),
			'delete',
		)
		expectChangeRefused(
			await b.post(board, {
				intent: 'post',
				title: 'Taken over',
				body: 'x',
				courseId: world.courseId,
			}),
			'post',
		)
		expect(await read()).toEqual(before)
		const { announcements } = await apis.tutor.ok('GET', '/announcements?limit=100')
		expect(announcements.filter((item: { title: string }) => item.title === 'Taken over')).toEqual(
			[],
		)
	})

	test("live classroom of A's course: open, chat, end", async ({ world, apis, intruders }) => {
		const b = intruders.tutor.app
		const read = () => apis.tutor.ok('GET', `/rooms/${world.roomId}/messages`)
		const before = await read()
		for (const pattern of ['/conference/classroom/:roomId', '/conference/whiteboard/:roomId']) {
			const url = path(pattern, { roomId: world.roomId })
			expectRefused(await b.get(url), `GET ${url}`, [world.roomTitle])
			expectChangeRefused(
				await b.post(url, { intent: 'message', text: 'Taken over' }),
				`chat ${url}`,
			)
			expectChangeRefused(await b.post(url, { intent: 'end' }), `end ${url}`)
		}
		expect(await read()).toEqual(before)
		expect((await apis.tutor.ok('GET', `/rooms/${world.roomId}`)).room.endedAt).toBeNull()
	})
})

test.describe("a second student tries the first student's data", () => {
	test('test result and summary', async ({ world, apis, intruders }) => {
		const b = intruders.student.app
		const read = () => apis.student.ok('GET', `/test/history/${world.testHistoryId}`)
		const before = await read()
		const secrets = [world.studentName]
		for (const url of [
			path('/studentdashboard/test-result/:sessionId', { sessionId: world.testSessionId }),
			path('/studentdashboard/test-summary/:testHistoryId', { testHistoryId: world.testHistoryId }),
			path(
				'/studentdashboard/test/:templateId',
				{ templateId: world.templateId },
				`?session=${world.testSessionId}`,
			),
		])
			expectRefused(await b.get(url), `GET ${url}`, secrets)
		const progress = path('/studentdashboard/test/:templateId/progress', {
			templateId: world.templateId,
		})
		for (const intent of ['save', 'submit'])
			expectChangeRefused(
				await b.request(progress, {
					json: {
						intent,
						sessionId: world.testSessionId,
						progress: { answers: { 1: 1 }, flagged: [] },
					},
				}),
				`${intent} A's attempt`,
				[403, 404, 409],
			)
		expect(await read()).toEqual(before)
	})

	test('task: details, the submitted file, a submission', async ({ world, apis, intruders }) => {
		const b = intruders.student.app
		const read = () =>
			apis.student.ok('GET', `/tasks/${world.taskId}/submission/${world.studentId}`)
		const before = await read()
		const secrets = [before.submission.file?.name ?? 'no file', world.studentName]
		const details = path('/studentdashboard/task-details', {}, `?taskId=${world.taskId}`)
		expectRefused(await b.get(details), `GET ${details}`, secrets)
		for (const search of [
			`?submissionId=${world.submissionId}`,
			`?taskId=${world.taskId}`,
			`?taskId=${world.taskId}&submissionId=${world.submissionId}`,
		]) {
			const url = path('/studentdashboard/task-details/file', {}, search)
			expectRefused(await b.get(url), `GET ${url}`)
		}
		const form = new FormData()
		form.append('file', new Blob(['not mine\n'], { type: 'text/plain' }), 'work.txt')
		form.append('comment', 'Taken over')
		expectChangeRefused(await b.request(details, { multipart: form }), "submit to A's task")
		expect(await read()).toEqual(before)
	})

	test('certificate PDF', async ({ world, apis, intruders }) => {
		const b = intruders.student.app
		const before = await apis.student.ok('GET', `/certificates/${world.certificate.id}`)
		const url = path('/studentdashboard/certificates/:certificateId/pdf', {
			certificateId: world.certificate.id,
		})
		expectRefused(await b.get(url), `GET ${url}`, ['%PDF'])
		expect(await apis.student.ok('GET', `/certificates/${world.certificate.id}`)).toEqual(before)
	})

	test('an announcement not addressed to them', async ({ world, apis, intruders }) => {
		const b = intruders.student.app
		const read = () => apis.tutor.ok('GET', `/announcements/${world.announcementId}`)
		const before = await read()
		const url = path('/studentdashboard/announcements/:announcementId', {
			announcementId: world.announcementId,
		})
		expectRefused(await b.get(url), `GET ${url}`, [before.announcement.body])
		// No read receipt was recorded for the intruder.
		expect(await read()).toEqual(before)
	})

	test('a payment and the live classroom of a course they are not in', async ({
		world,
		intruders,
	}) => {
		const b = intruders.student.app
		const payment = path('/courses/:courseId/processing/:paymentId', {
			courseId: world.checkoutCourseId,
			paymentId: world.paymentId,
		})
		expectRefused(await b.get(payment), `GET ${payment}`)
		const room = path('/conference/classroom/:roomId', { roomId: world.roomId })
		expectRefused(await b.get(room), `GET ${room}`, [world.roomTitle])
	})
})

test.describe("a second organization tries the first organization's data", () => {
	test('departments: open, rename, delete', async ({ world, apis, intruders }) => {
		const b = intruders.organization.app
		const read = () =>
			apis.organization.ok('GET', `/organizations/departments/${world.departmentId}`)
		const before = await read()
		const secrets = [before.data.description ?? before.data.departmentName].filter(Boolean)
		const departments = path('/organization/departments', {})
		expectNotShown(
			await b.get(`${departments}?edit=${world.departmentId}`),
			"the edit form of A's department",
			secrets,
		)
		expectNotShown(
			await b.get(`${departments}?delete=${world.departmentId}`),
			"the delete form of A's department",
			secrets,
		)
		expectChangeRefused(
			await b.post(departments, {
				intent: 'rename',
				departmentId: world.departmentId,
				departmentName: 'Taken over',
				description: '',
			}),
			'rename',
		)
		expectChangeRefused(
			await b.post(departments, { intent: 'delete', departmentId: world.departmentId }),
			'delete',
		)
		expect(await read()).toEqual(before)
	})

	test('students and teachers: list, take over a student', async ({ world, apis, intruders }) => {
		const b = intruders.organization.app
		const read = () =>
			apis.organization.ok('GET', `/users/organization/${world.organizationId}/students?limit=100`)
		const before = await read()
		const students = path('/organization/students', {})
		expectNotShown(await b.get(`${students}?search=tenant-a-orgstudent`), "B's students", [
			world.orgStudentEmail,
			world.orgStudentName,
		])
		expectNotShown(await b.get(path('/organization/teachers', {})), "B's teachers", [
			world.orgTutorEmail,
		])
		// B may only invite: the student stays A's until they accept, and B sees only the email it typed.
		const invited = await b.post(students, { intent: 'attach', email: world.orgStudentEmail })
		expect(invited.status, "invite A's student").toBe(302)
		expect(await read()).toEqual(before)
		expectNotShown(
			await b.get(`${students}?search=tenant-a-orgstudent`),
			"B's students after inviting",
			[world.orgStudentName],
		)
		expectChangeRefused(
			await b.post(students, { intent: 'remove', studentId: world.orgStudentId }),
			"remove A's student",
			[404],
		)
		expect(await read()).toEqual(before)
	})

	test('score input and result cards', async ({ world, apis, intruders }) => {
		const b = intruders.organization.app
		const read = () => apis.organization.ok('GET', `/organizations/${world.organizationId}/scores`)
		const before = await read()
		const secrets = [world.orgStudentName, world.orgStudentEmail]
		const scores = path('/organization/score-input', {})
		expectNotShown(await b.get(`${scores}?term=Term%201%202026`), "B's score grid", secrets)
		// The API refuses a student of another organization (400 on that cell), and saves nothing.
		expectChangeRefused(
			await b.post(scores, {
				term: 'Term 1 2026',
				'students[0]': world.orgStudentId,
				'subjects[0]': 'Mathematics',
				'scores[0][0]': '1',
			}),
			"score A's student",
			[400, 403, 404],
		)
		const cards = path('/organization/result-cards', {})
		expectNotShown(
			await b.get(`${cards}?student=${world.orgStudentId}&term=Term%201%202026`),
			"A's result card",
			secrets,
		)
		expect(await read()).toEqual(before)
	})

	test('roster: an import of theirs, confirming it, the export', async ({
		world,
		apis,
		intruders,
	}) => {
		const b = intruders.organization.app
		const importPath = `/organizations/${world.organizationId}/roster/imports/${world.rosterImportId}`
		const read = () => apis.organization.ok('GET', importPath)
		const before = await read()
		const url = path('/organization/roster/imports/:importId', { importId: world.rosterImportId })
		expectRefused(await b.get(url), `GET ${url}`, ['tenant-a-roster-'])
		expectChangeRefused(await b.post(url, { intent: 'confirm' }), `POST ${url}`)
		const exported = path('/organization/roster/export', {})
		expectNotShown(await b.get(exported), `GET ${exported}`, [world.orgStudentEmail])
		expect(await read()).toEqual(before)
		expect(before.import.status).toBe('preview')
	})

	test('certificates: the class list, open, issue, download the PDF', async ({
		world,
		apis,
		intruders,
	}) => {
		const b = intruders.organization.app
		const read = () => apis.organization.ok('GET', '/certificates?limit=100')
		const before = await read()
		const pattern = '/organization/certificate/:studentId/:courseId/:organizationId/:studentEmail'
		for (const organizationId of [world.organizationId, intruders.organization.api.id]) {
			const url = path(pattern, {
				studentId: world.orgStudentId,
				courseId: world.orgCourseId,
				organizationId,
				studentEmail: world.orgStudentEmail,
			})
			expectRefused(await b.get(url), `GET ${url}`, [world.orgStudentName])
			expectChangeRefused(await b.post(url, {}), `POST ${url}`)
		}
		const classList = `${path('/organization/courses', {})}?course=${world.orgCourseId}`
		expectRefused(await b.get(classList), `GET ${classList}`, [
			world.orgStudentName,
			world.orgStudentEmail,
		])
		const classListCsv = `${path('/organization/courses/class-list', {})}?course=${world.orgCourseId}`
		expectRefused(await b.get(classListCsv), `GET ${classListCsv}`, [
			world.orgStudentName,
			world.orgStudentEmail,
		])
		const pdf = path('/organization/certificates/:certificateId/pdf', {
			certificateId: world.orgCertificateId,
		})
		expectRefused(await b.get(pdf), `GET ${pdf}`, ['%PDF'])
		expect(await read()).toEqual(before)
	})
})
