import { apiUrl } from '../../playwright.config'

// The accounts and data the fuzz suite posts against, made straight through the reference API:
// fresh accounts of each role, so nothing the fuzzing might store touches the demo data, and one
// of every thing the actions take an id of (course, schedule, task, template, room, ...).

export const password = 'a-good-password-1'

export type World = {
	id: string
	teacher: { id: string; email: string }
	student: { id: string; email: string }
	organization: { id: string; email: string; name: string }
	courseId: string
	paidCourseId: string
	scheduleId: string
	taskId: string
	templateId: string
	testSessionId: string
	classroomId: string
	whiteboardId: string
	announcementId: string
	resourceId: string
	departmentId: string
	orgStudentId: string
}

type Answer = { status: number; body: any } // eslint-disable-line @typescript-eslint/no-explicit-any -- read loosely, checked by callers

export async function api(
	method: string,
	path: string,
	{ token, json, form }: { token?: string; json?: unknown; form?: FormData | URLSearchParams } = {},
): Promise<Answer> {
	const response = await fetch(`${apiUrl}${path}`, {
		method,
		headers: {
			...(token && { authorization: `Bearer ${token}` }),
			...(json !== undefined && { 'content-type': 'application/json' }),
		},
		body: json !== undefined ? JSON.stringify(json) : form,
	})
	const text = await response.text()
	let body: unknown = text
	try {
		body = JSON.parse(text)
	} catch {
		// not JSON: kept as text
	}
	return { status: response.status, body }
}

async function must(answer: Promise<Answer>, what: string, status = [200, 201]) {
	const settled = await answer
	if (!status.includes(settled.status))
		throw new Error(`${what}: ${settled.status} ${JSON.stringify(settled.body).slice(0, 300)}`)
	return settled.body
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`

// Refresh tokens by email: after the first login (a slow password hash), a fresh access token is a
// cheap refresh.
const refreshTokens = new Map<string, string>()

/** A fresh access token (they live 12 s in the journeys' API). */
export async function tokenOf(email: string, as: 'user' | 'organization' = 'user') {
	const refreshToken = refreshTokens.get(email)
	if (refreshToken) {
		const response = await fetch(`${apiUrl}/auth/refresh-token`, {
			method: 'POST',
			headers: { 'x-retry': 'true', cookie: `refreshToken=${refreshToken}` },
		})
		if (response.ok) return ((await response.json()) as { token: string }).token
	}
	const path = as === 'organization' ? '/auth/organization-login' : '/auth/login'
	const body = await must(api('POST', path, { json: { email, password } }), `login ${email}`)
	refreshTokens.set(email, body.user.refreshToken)
	return body.user.accessToken as string
}

function futureDay(days: number) {
	return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

export async function createWorld(): Promise<World> {
	const id = unique()
	const teacherEmail = `fuzz-teacher-${id}@example.com`
	const studentEmail = `fuzz-student-${id}@example.com`
	const orgEmail = `fuzz-org-${id}@example.com`
	const orgName = `Fuzz Academy ${id}`
	const organizationForm = new FormData()
	for (const [name, value] of Object.entries({
		name: orgName,
		email: orgEmail,
		password,
		type: 'school',
		country: 'US',
	}))
		organizationForm.append(name, value)
	const [teacher, student, organization] = await Promise.all([
		must(
			api('POST', '/auth/register-tutor', {
				json: { firstName: 'Fuzz', lastName: 'Teacher', email: teacherEmail, password },
			}),
			'register tutor',
		),
		must(
			api('POST', '/auth/register-student', {
				json: { firstName: 'Fuzz', lastName: 'Student', email: studentEmail, password },
			}),
			'register student',
		),
		must(
			api('POST', '/organizations/register', { form: organizationForm }),
			'register organization',
		),
	])
	const { courseId } = await must(
		api('POST', '/__test/enrolled-course', {
			json: { tutorEmail: teacherEmail, title: `Fuzz course ${id}`, studentEmails: [studentEmail] },
		}),
		'enrolled course',
	)
	const [teacherToken, studentToken, orgToken] = await Promise.all([
		tokenOf(teacherEmail),
		tokenOf(studentEmail),
		tokenOf(orgEmail, 'organization'),
	])
	const teacherCalls = { token: teacherToken }
	const taskForm = new FormData()
	taskForm.append('courseId', courseId)
	taskForm.append('title', 'Fuzz task')
	taskForm.append('dueDate', new Date(Date.now() + 7 * 86_400_000).toISOString())
	const resourceForm = new FormData()
	for (const [name, value] of Object.entries({
		title: 'Fuzz link',
		subject: `Fuzzing ${id}`,
		resourceType: 'link',
		url: 'https://example.com/fuzz',
	}))
		resourceForm.append(name, value)
	const [paid, schedule, task, template, classroom, whiteboard, announcement, resource] =
		await Promise.all([
			must(
				api('POST', '/courses/create-course', {
					...teacherCalls,
					json: {
						title: `Fuzz paid course ${id}`,
						description: 'A course to check out.',
						category: 'Arts',
						level: 'Beginner',
						price: { amount: 30, currency: 'USD' },
						isPublished: true,
					},
				}),
				'paid course',
			),
			must(
				api('POST', '/schedule/create', {
					...teacherCalls,
					form: new URLSearchParams({
						courseId,
						title: 'Fuzz session',
						scheduledDate: futureDay(30),
						startTime: '10:00',
						duration: '60',
						timeZone: 'UTC',
					}),
				}),
				'schedule',
			),
			must(api('POST', '/tasks/create-task', { ...teacherCalls, form: taskForm }), 'task'),
			must(
				api('POST', '/qa/create-template', {
					...teacherCalls,
					json: {
						title: 'Fuzz check',
						timeLimit: 30,
						isActive: 1,
						questions: [
							{
								id: 1,
								questionText: 'One?',
								options: [
									{ text: 'Yes', isCorrect: true },
									{ text: 'No', isCorrect: false },
								],
							},
						],
					},
				}),
				'template',
			),
			must(
				api('POST', '/rooms', { ...teacherCalls, json: { courseId, title: 'Fuzz room' } }),
				'room',
			),
			must(
				api('POST', '/rooms', {
					...teacherCalls,
					json: { courseId, title: 'Fuzz board', kind: 'whiteboard' },
				}),
				'whiteboard',
			),
			must(
				api('POST', '/announcements', {
					...teacherCalls,
					json: { title: 'Fuzz notice', body: 'Read me.', courseId },
				}),
				'announcement',
			),
			must(api('POST', '/resources/upload', { ...teacherCalls, form: resourceForm }), 'resource'),
			// Things the no-input actions would otherwise create on their first post: made here, so
			// posting again changes nothing and the before/after comparison stays exact.
			must(
				api('POST', '/payments/onboarding', {
					...teacherCalls,
					json: { returnUrl: 'http://127.0.0.1/done', refreshUrl: 'http://127.0.0.1/again' },
				}),
				'teacher onboarding',
			),
			must(
				api('POST', '/payments/onboarding', {
					token: orgToken,
					json: { returnUrl: 'http://127.0.0.1/done', refreshUrl: 'http://127.0.0.1/again' },
				}),
				'organization onboarding',
			),
			must(
				api('POST', '/certificates', {
					...teacherCalls,
					json: { courseId, studentId: student.user.id },
				}),
				'certificate',
			),
		])
	const [session, department, orgStudent] = await Promise.all([
		must(
			api('POST', `/test/templates/${template.template.id}/start`, { token: studentToken }),
			'test start',
		),
		must(
			api('POST', '/organizations/create-department', {
				token: orgToken,
				json: { departmentName: 'Fuzz department' },
			}),
			'department',
		),
		must(
			api('POST', '/auth/register-student/organization', {
				token: orgToken,
				json: {
					firstName: 'Org',
					lastName: 'Pupil',
					email: `fuzz-orgstudent-${id}@example.com`,
					password,
				},
			}),
			'organization student',
		),
	])
	return {
		id,
		teacher: { id: teacher.user.id, email: teacherEmail },
		student: { id: student.user.id, email: studentEmail },
		organization: {
			id: organization.id ?? organization.organization.id,
			email: orgEmail,
			name: orgName,
		},
		courseId,
		paidCourseId: paid.course.id,
		scheduleId: schedule.schedule.id,
		taskId: task.task.id,
		templateId: template.template.id,
		testSessionId: session.session.id,
		classroomId: classroom.room.id,
		whiteboardId: whiteboard.room.id,
		announcementId: announcement.announcement.id,
		resourceId: resource.resource.id,
		departmentId: department.id ?? department.data.id,
		orgStudentId: orgStudent.user.id,
	}
}

type Role = 'student' | 'tutor' | 'organization'

/**
 * Everything an account's actions could change, read through the API: compared before and after
 * the fuzzing, it must be the same (nothing stored from invalid input).
 */
export async function snapshot(world: World, role: Role) {
	const read = async (token: string, paths: string[]) => {
		const answers = await Promise.all(paths.map((path) => api('GET', path, { token })))
		// The clock the API reports with a test session moves on by itself, and the library's list
		// of subjects is everyone's.
		const stable = (key: string, value: unknown) => (key === 'serverTime' ? undefined : value)
		const entries = paths.map((path, index) => {
			const answer = answers[index] as Answer
			if (path.startsWith('/resources') && typeof answer.body === 'object')
				delete answer.body.subjects
			return [path, answer]
		})
		return JSON.parse(JSON.stringify(Object.fromEntries(entries), stable))
	}
	if (role === 'tutor') {
		const token = await tokenOf(world.teacher.email)
		return read(token, [
			`/courses/list?teacherId=${world.teacher.id}&limit=100`,
			`/courses/${world.courseId}`,
			`/courses/${world.paidCourseId}`,
			'/schedule?limit=100',
			`/schedules/${world.scheduleId}/attendance`,
			'/tasks?limit=100',
			`/tasks/${world.taskId}/submissions/detailed?limit=100`,
			`/qa/templates?createdBy=${world.teacher.id}&limit=100`,
			'/rooms',
			`/rooms/${world.classroomId}/messages`,
			`/rooms/${world.whiteboardId}/messages`,
			'/announcements?limit=100',
			`/resources?subject=${encodeURIComponent(`Fuzzing ${world.id}`)}&limit=100`,
			'/certificates?limit=100',
			`/report-cards/${world.student.id}/${world.courseId}`,
			`/users/tutor-profile/${world.teacher.id}`,
			'/payments/onboarding',
		])
	}
	if (role === 'student') {
		const token = await tokenOf(world.student.email)
		return read(token, [
			`/users/student-profile/${world.student.id}`,
			'/courses/enrolled?limit=100',
			`/test/sessions/${world.testSessionId}`,
			'/test/history?limit=100',
			`/tasks/${world.taskId}/submission/${world.student.id}`,
			'/certificates?limit=100',
		])
	}
	const token = await tokenOf(world.organization.email, 'organization')
	const org = world.organization.id
	return read(token, [
		`/organizations/${org}`,
		`/organizations/departments?limit=100`,
		`/users/organization/${org}/students?limit=100`,
		`/users/organization/${org}/tutors?limit=100`,
		`/organizations/${org}/scores`,
		'/announcements?limit=100',
		'/certificates?limit=100',
		'/payments/onboarding',
	])
}
