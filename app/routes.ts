import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

/** An address under an area that no page claims: the 404 page inside the area, with its navigation. */
const areaNotFound = (area: string) =>
	route('*', 'routes/public/not-found.tsx', { id: `routes/${area}/not-found` })

// Every URL of the app, grouped by area (spec section 2). Later areas add their pages here.
export default [
	layout('routes/public/layout.tsx', [
		index('routes/public/home.tsx'),
		route('pricing', 'routes/public/pricing.tsx'),
		route('about-us', 'routes/public/about-us.tsx'),
		route('contact-us', 'routes/public/contact-us.tsx'),
		route('login', 'routes/public/login.tsx'),
		route('login/two-factor', 'routes/public/login-two-factor.tsx'),
		// Single sign-on with an organization's identity provider (issue 31, decision 040).
		route('login/sso', 'routes/public/login-sso.tsx'),
		route('login/sso/callback', 'routes/public/login-sso-callback.tsx'),
		route('login/sso/link', 'routes/public/login-sso-link.tsx'),
		route('login/sso/:organizationId', 'routes/public/login-sso-organization.tsx'),
		route('login/sso/:organizationId/start', 'routes/public/login-sso-start.tsx'),
		route('unauthorized', 'routes/public/unauthorized.tsx'),
		route('signup/:role', 'routes/public/signup.tsx'),
		// Accounts (issue 19, decision 023): not in the spec's route list.
		route('forgot-password', 'routes/public/forgot-password.tsx'),
		route('reset-password', 'routes/public/reset-password.tsx'),
		route('verify-email', 'routes/public/verify-email.tsx'),
		route('two-factor-recovery', 'routes/public/two-factor-recovery.tsx'),
		route('unsubscribe', 'routes/public/unsubscribe.tsx'),
		route('verify/certificate/:publicId', 'routes/public/verify-certificate.tsx'),
		route('verify/report-card/:publicId', 'routes/public/verify-report-card.tsx'),
		route('courses', 'routes/public/courses.tsx'),
		route('courses/find-student', 'routes/public/find-student.tsx'),
		// A course's public page, read before buying (issue 16; not in the spec's route list).
		route('courses/:courseId', 'routes/public/course.tsx'),
		route('course/:courseId/checkout', 'routes/public/checkout.tsx'),
		route('courses/:courseId/processing/:paymentId', 'routes/public/payment-processing.tsx'),
		route('courses/:courseId/success', 'routes/public/payment-success.tsx'),
		route('courses/:courseId/failed', 'routes/public/payment-failed.tsx'),
	]),
	route('logout', 'routes/public/logout.tsx'),
	// The dashboards' "Resend" of the email verification banner (a form post, then back).
	route('account/resend-verification', 'routes/account/resend-verification.tsx'),
	// The footer's language form (issue 40, decision 063): not in the spec's route list.
	route('language', 'routes/account/language.tsx'),
	// Operators: make one error in each place the app reports from (ERROR_CHECK=1 only).
	route('error-check', 'routes/operations/error-check.tsx'),
	// Resource route: stored files of the API's /files/{key} (profile pictures) at the same path.
	route('files/:key', 'routes/public/file.tsx'),
	// Resource route: a private calendar feed, /calendar/{token}.ics, read by calendar apps without a session (issue 19).
	route('calendar/:token', 'routes/public/calendar-feed.tsx'),

	route('studentdashboard', 'routes/student/layout.tsx', [
		index('routes/student/dashboard.tsx'),
		route('courses', 'routes/student/courses.tsx'),
		route(':courseId/course-details', 'routes/student/course-details.tsx'),
		route('sessions', 'routes/student/sessions.tsx'),
		route('test/:templateId', 'routes/student/test.tsx'),
		// Resource route: the test island's autosave and submit (JSON, no page).
		route('test/:templateId/progress', 'routes/student/test-progress.tsx'),
		route('qa/templates', 'routes/student/qa-templates.tsx'),
		route('qa', 'routes/student/qa.tsx'),
		route('test-results', 'routes/student/test-results.tsx'),
		route('test-summary/:testHistoryId', 'routes/student/test-summary.tsx'),
		route('test-result/:sessionId', 'routes/student/test-result.tsx'),
		route('library', 'routes/student/library.tsx'),
		// A library file, downloaded with the student's token (failures are the area's 403/404 page).
		route('library/:resourceId/file', 'routes/files/library-file.tsx', {
			id: 'routes/student/library-file',
		}),
		route('profile', 'routes/student/profile.tsx'),
		route('announcements', 'routes/student/announcements.tsx'),
		route('announcements/:announcementId', 'routes/student/announcement.tsx'),
		route('certificates', 'routes/student/certificates.tsx'),
		route('certificates/:certificateId/pdf', 'routes/files/certificate-pdf.tsx', {
			id: 'routes/student/certificate-pdf',
		}),
		route('report-cards', 'routes/student/report-cards.tsx'),
		route('tasks', 'routes/student/tasks.tsx'),
		// The spec's path has no parameter: the task is ?taskId=.
		route('task-details', 'routes/student/task-details.tsx'),
		// A task attachment or the student's own submitted file (failures as above).
		route('task-details/file', 'routes/files/task-file.tsx', {
			id: 'routes/student/task-file',
		}),
		// Resource route: the submit form's upload island (JSON answer, progress shown).
		route('task-details/submit', 'routes/student/task-submit.tsx'),
		areaNotFound('student'),
	]),

	route('teachersdashboard', 'routes/teacher/layout.tsx', [
		index('routes/teacher/dashboard.tsx'),
		route('courses', 'routes/teacher/courses.tsx'),
		// The sample course when no ?courseId= is given (spec section 2).
		route('course-details', 'routes/teacher/course-details.tsx'),
		route('courses/edit/:courseId', 'routes/teacher/course-edit.tsx'),
		route('courses/form', 'routes/teacher/course-form.tsx'),
		// A course's class list as CSV (a file link: failures are the area's 403/404 page).
		route('courses/class-list', 'routes/teacher/class-list-export.tsx'),
		route('payment-setup', 'routes/teacher/payment-setup.tsx'),
		route('stripe/complete-onboarding', 'routes/teacher/complete-onboarding.tsx'),
		route('schedule', 'routes/teacher/schedule.tsx'),
		route('schedule/new', 'routes/teacher/schedule-new.tsx'),
		route('schedule/:scheduleId/edit', 'routes/teacher/schedule-edit.tsx'),
		route('schedule/:scheduleId/attendance', 'routes/teacher/schedule-attendance.tsx'),
		route('qa/create', 'routes/teacher/qa-create.tsx'),
		route('qa/templates', 'routes/teacher/qa-templates.tsx'),
		route('library', 'routes/teacher/library.tsx'),
		route('library/:resourceId/file', 'routes/files/library-file.tsx', {
			id: 'routes/teacher/library-file',
		}),
		route('profile', 'routes/teacher/profile.tsx'),
		// Held here until two-factor is on, when the organization requires it (decision 037).
		route('two-factor', 'routes/teacher/two-factor.tsx'),
		route('announcement/list', 'routes/teacher/announcements.tsx'),
		route('report-card/:studentId/:courseId', 'routes/teacher/report-card.tsx'),
		route('report-card/:studentId', 'routes/teacher/report-card-student.tsx'),
		route(
			'certificate/:studentId/:courseId/:tutorId/:studentEmail',
			'routes/teacher/certificate.tsx',
		),
		route('certificates/:certificateId/pdf', 'routes/files/certificate-pdf.tsx', {
			id: 'routes/teacher/certificate-pdf',
		}),
		route('tasks', 'routes/teacher/tasks.tsx'),
		route('tasks/submissions', 'routes/teacher/task-submissions.tsx'),
		route('tasks/view-submissions', 'routes/teacher/task-view-submission.tsx'),
		// CSV of a task's submissions and grades (?taskId=; issue 19).
		route('tasks/submissions/export', 'routes/teacher/task-submissions-export.tsx'),
		// A task attachment or a submitted file (failures are the area's 403/404 page).
		route('tasks/file', 'routes/files/task-file.tsx', {
			id: 'routes/teacher/task-file',
		}),
		areaNotFound('teacher'),
	]),

	route('organization', 'routes/organization/layout.tsx', [
		index('routes/organization/index.tsx'),
		route('dashboard', 'routes/organization/dashboard.tsx'),
		route('courses', 'routes/organization/courses.tsx'),
		// CSV downloads (issue 19): a course's class list (?course=), the score grid and result cards (?term=).
		route('courses/class-list', 'routes/organization/class-list-export.tsx'),
		route('score-input/export', 'routes/organization/scores-export.tsx', {
			id: 'routes/organization/scores-export',
		}),
		route('result-cards/export', 'routes/organization/scores-export.tsx', {
			id: 'routes/organization/result-cards-export',
		}),
		route('payment-setup', 'routes/organization/payment-setup.tsx'),
		route('stripe/complete-onboarding', 'routes/organization/complete-onboarding.tsx'),
		route('students', 'routes/organization/students.tsx'),
		route('teachers', 'routes/organization/teachers.tsx'),
		route('departments', 'routes/organization/departments.tsx'),
		route('roster', 'routes/organization/roster.tsx'),
		route('roster/template', 'routes/organization/roster-file.tsx', {
			id: 'routes/organization/roster-template',
		}),
		route('roster/export', 'routes/organization/roster-file.tsx', {
			id: 'routes/organization/roster-export',
		}),
		route('roster/imports/:importId', 'routes/organization/roster-import.tsx'),
		// A big term's CSV file prepared in the background (issue 28, decision 046).
		route('exports', 'routes/organization/exports.tsx'),
		route('exports/:exportId', 'routes/organization/export.tsx'),
		route('exports/:exportId/file', 'routes/organization/export-file.tsx'),
		route('analytics', 'routes/organization/analytics.tsx'),
		route('settings', 'routes/organization/settings.tsx'),
		route('single-sign-on', 'routes/organization/single-sign-on.tsx'),
		route('score-input', 'routes/organization/score-input.tsx'),
		route('result-cards', 'routes/organization/result-cards.tsx'),
		route('org/announcement/list', 'routes/organization/announcements.tsx'),
		route(
			'certificate/:studentId/:courseId/:organizationId/:studentEmail',
			'routes/organization/certificate.tsx',
		),
		route('certificates/:certificateId/pdf', 'routes/files/certificate-pdf.tsx', {
			id: 'routes/organization/certificate-pdf',
		}),
		areaNotFound('organization'),
	]),

	route('conference', 'routes/conference/layout.tsx', [
		index('routes/conference/index.tsx'),
		route('classroom/:roomId', 'routes/conference/classroom.tsx'),
		route('whiteboard/:roomId', 'routes/conference/whiteboard.tsx'),
		route('rooms/:roomId/ticket', 'routes/conference/ticket.ts'),
		areaNotFound('conference'),
	]),

	route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig
