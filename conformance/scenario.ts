import type { Role } from './document.ts'

// What the conformance check creates to reach the calls that need ids (decision 042): a teacher's
// free course that the student joins, then one of each thing made in it. Steps run in order; a
// step whose ids an earlier step did not get, or whose role could not sign in, is skipped (its
// call stays "not exercised"). A step on a call the document does not declare yet (payments) is
// setup: run, not judged. `last` steps run after the checks of every call (they delete).

export type Ids = Partial<
	Record<
		| Role
		| 'course'
		| 'spareCourse'
		| 'announcement'
		| 'task'
		| 'submission'
		| 'template'
		| 'session'
		| 'history'
		| 'schedule'
		| 'certificate'
		| 'certificatePublicId'
		| 'reportCardPublicId'
		| 'feedToken'
		| 'fileKey'
		| 'resource'
		| 'export',
		string
	>
>

// Answers are read as the contract declares them; a wrong shape is reported, then `keep` finds nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any

export type Step = {
	/** `METHOD /path` under /api/v1, `{name}` standing for an id kept by an earlier step. */
	call: string
	/** Whose bearer token it carries; none when unset. */
	as?: Role
	json?: (ids: Ids) => unknown
	form?: (ids: Ids) => Record<string, string | File>
	/** The status expected; any success the call declares when unset. */
	status?: number
	keep?: (body: Body, ids: Ids) => void
	last?: boolean
}

const day = 24 * 60 * 60 * 1000
const inDays = (days: number) => new Date(Date.now() + days * day)
/** The smallest PNG, 1×1, for the calls that take an image. */
const png = () =>
	new File(
		[
			Buffer.from(
				'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
				'base64',
			),
		],
		'picture.png',
		{ type: 'image/png' },
	)
const text = (name: string) =>
	new File(['Worked through in words, step by step.'], name, { type: 'text/plain' })

const course = (title: string) => ({
	title,
	description: 'A course the conformance check made.',
	category: 'Mathematics',
	level: 'Beginner',
	price: { amount: 0, currency: 'USD' },
	isPublished: true,
})

export const SCENARIO: Step[] = [
	{
		call: 'POST /courses/create-course',
		as: 'tutor',
		json: () => course('Contract check course'),
		keep: (body, ids) => (ids.course = body.course?.id),
	},
	{
		call: 'POST /courses/create-course',
		as: 'tutor',
		json: () => course('Contract check course to delete'),
		keep: (body, ids) => (ids.spareCourse = body.course?.id),
	},
	{ call: 'GET /courses/{course}' },
	{ call: 'GET /courses/{course}', as: 'tutor' },
	{
		call: 'PUT /courses/update-course/{course}',
		as: 'tutor',
		json: () => ({ subtitle: 'Checked against the contract' }),
	},
	// A free course: the checkout enrols the student at once.
	{
		call: 'POST /payments/checkout',
		as: 'student',
		json: (ids) => ({ courseId: ids.course }),
		status: 201,
	},
	{ call: 'GET /courses/{course}', as: 'student' },
	{ call: 'GET /courses/{course}/students', as: 'tutor' },
	{ call: 'GET /courses/{course}/students/{student}', as: 'tutor' },

	// Not declared yet (auth): setup for the public files.
	{
		call: 'POST /auth/upload-student-profile-picture',
		as: 'student',
		form: () => ({ profilePicture: png() }),
		status: 200,
		keep: (body, ids) => (ids.fileKey = body.profilePicture?.split('/files/')[1]),
	},
	{ call: 'GET /files/{fileKey}' },
	{
		call: 'POST /resources/upload',
		as: 'tutor',
		form: () => ({
			title: 'Worked examples',
			subject: 'Mathematics',
			resourceType: 'document',
			file: text('examples.txt'),
		}),
		keep: (body, ids) => (ids.resource = body.resource?.id),
	},
	{ call: 'GET /resources/{resource}', as: 'tutor' },
	{ call: 'GET /resources/{resource}/file', as: 'tutor' },

	{
		call: 'POST /announcements',
		as: 'tutor',
		json: (ids) => ({
			title: 'Welcome',
			body: 'The first session is on Monday.',
			courseId: ids.course,
		}),
		keep: (body, ids) => (ids.announcement = body.announcement?.id),
	},
	{ call: 'GET /announcements/{announcement}', as: 'student' },
	{ call: 'POST /announcements/{announcement}/read', as: 'student' },
	{
		call: 'PUT /announcements/{announcement}',
		as: 'tutor',
		json: () => ({ title: 'Welcome again', body: 'The first session moved to Tuesday.' }),
	},
	{ call: 'GET /announcements/{announcement}', as: 'tutor' },

	{
		call: 'POST /tasks/create-task',
		as: 'tutor',
		form: (ids) => ({
			courseId: ids.course!,
			title: 'Contract check task',
			dueDate: inDays(7).toISOString(),
			attachment: text('instructions.txt'),
		}),
		keep: (body, ids) => (ids.task = body.task?.id),
	},
	{
		call: 'PUT /tasks/{task}',
		as: 'tutor',
		json: () => ({ title: 'Contract check task, renamed' }),
	},
	{
		call: 'POST /tasks/{task}/submit',
		as: 'student',
		form: () => ({ comment: 'Done, see the working attached.', file: text('working.txt') }),
		keep: (body, ids) => (ids.submission = body.data?.id),
	},
	{ call: 'GET /tasks/{task}/submissions/detailed', as: 'tutor' },
	{ call: 'GET /tasks/{task}/attachment', as: 'student' },
	{ call: 'GET /tasks/submissions/{submission}/file', as: 'tutor' },
	{ call: 'GET /tasks/{task}/submission/{student}', as: 'tutor' },
	{ call: 'GET /tasks/{task}/submission/{student}', as: 'student' },
	{ call: 'PATCH /tasks/{submission}/grade', as: 'tutor', json: () => ({ grade: 90 }) },

	{
		call: 'POST /qa/create-template',
		as: 'tutor',
		json: () => ({
			title: 'Contract check quiz',
			timeLimit: 10,
			isActive: true,
			questions: [
				{
					id: 1,
					questionText: 'What is 2 + 2?',
					options: [{ text: '4', isCorrect: true }, { text: '5' }],
				},
			],
		}),
		keep: (body, ids) => (ids.template = body.template?.id),
	},
	{ call: 'GET /qa/templates/{template}', as: 'tutor' },
	{ call: 'GET /qa/templates/{template}', as: 'student' },
	{
		call: 'POST /test/templates/{template}/start',
		as: 'student',
		keep: (body, ids) => (ids.session = body.session?.id),
	},
	{ call: 'GET /test/sessions/{session}', as: 'student' },
	{
		call: 'PUT /test/sessions/{session}/answers',
		as: 'student',
		json: () => ({ answers: { 1: 1 } }),
	},
	{
		call: 'POST /test/sessions/{session}/submit',
		as: 'student',
		json: () => ({ submissions: [{ questionId: 1, optionId: 1 }] }),
		keep: (body, ids) => (ids.history = body.historyId ?? undefined),
	},
	{ call: 'GET /test/history/{history}', as: 'student' },
	{ call: 'PATCH /qa/templates/{template}/toggle-status', as: 'tutor', json: () => ({}) },

	{
		call: 'POST /schedule/create',
		as: 'tutor',
		form: (ids) => ({
			courseId: ids.course!,
			title: 'Contract check session',
			scheduledDate: inDays(2).toISOString().slice(0, 10),
			startTime: '10:00',
			duration: '60',
			timeZone: 'UTC',
		}),
		keep: (body, ids) => (ids.schedule = body.id),
	},
	{ call: 'GET /schedules/{schedule}', as: 'student' },
	{ call: 'PUT /schedules/{schedule}', as: 'tutor', json: () => ({ duration: 45 }) },
	{
		call: 'POST /schedules/{schedule}/attendance',
		as: 'tutor',
		json: (ids) => ({ studentId: ids.student, attendanceStatus: 'Present' }),
	},
	{
		call: 'POST /schedules/{schedule}/attendance/register',
		as: 'tutor',
		json: (ids) => ({ attendance: [{ studentId: ids.student, attendanceStatus: 'Late' }] }),
	},
	{ call: 'GET /schedules/{schedule}/attendance', as: 'tutor' },

	{
		call: 'PUT /report-cards/{student}/{course}',
		as: 'tutor',
		json: () => ({ score: 91, comments: 'Steady work.' }),
		keep: (body, ids) => (ids.reportCardPublicId = body.reportCard?.publicId),
	},
	{ call: 'GET /report-cards/{student}', as: 'student' },
	{ call: 'GET /report-cards/{student}/{course}', as: 'student' },
	{ call: 'GET /report-cards/{student}/{course}', as: 'tutor' },
	{ call: 'GET /report-cards/verify/{reportCardPublicId}' },

	{
		call: 'POST /certificates',
		as: 'tutor',
		json: (ids) => ({ courseId: ids.course, studentId: ids.student }),
		keep: (body, ids) => {
			ids.certificate = body.certificate?.id
			ids.certificatePublicId = body.certificate?.publicId
		},
	},
	{ call: 'GET /certificates/{certificate}', as: 'student' },
	{ call: 'GET /certificates/{certificate}/pdf', as: 'student' },
	{ call: 'GET /certificates/course/{course}/student/{student}', as: 'tutor' },
	{ call: 'GET /certificates/verify/{certificatePublicId}' },

	{
		call: 'GET /calendar/feed',
		as: 'student',
		keep: (body, ids) => (ids.feedToken = body.feed?.token),
	},
	{ call: 'GET /calendar/feeds/{feedToken}' },
	{ call: 'POST /calendar/feed/reset', as: 'student' },

	// A background export (decision 046): started, then read (its file waits for the job).
	{
		call: 'POST /organizations/{organization}/exports',
		as: 'organization',
		json: () => ({ kind: 'scores', term: 'Contract term' }),
		keep: (body, ids) => (ids.export = body.export?.id),
	},
	{ call: 'GET /organizations/{organization}/exports/{export}', as: 'organization' },

	// Calls that need no account: a refresh without its cookie, a logout of nothing, a lookup of
	// a domain no organization signs in with.
	{ call: 'POST /auth/refresh-token', status: 401 },
	{ call: 'POST /auth/logout' },
	{ call: 'GET /sso/lookup?email=someone@contract-check.invalid', status: 404 },

	{ call: 'POST /schedule/{schedule}/cancel', as: 'tutor', last: true },
	{ call: 'DELETE /schedule/{schedule}/delete', as: 'tutor', last: true },
	{ call: 'DELETE /announcements/{announcement}', as: 'tutor', last: true },
	{ call: 'DELETE /tasks/{task}', as: 'tutor', last: true },
	{ call: 'DELETE /templates/{template}', as: 'tutor', last: true },
	{ call: 'DELETE /resources/{resource}', as: 'tutor', last: true },
	{ call: 'DELETE /courses/delete-course/{spareCourse}', as: 'tutor', last: true },
]
