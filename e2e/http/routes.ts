import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import routeConfig from '../../app/routes'
import type { Role, Who, World } from './security-world'

// The app's route table (app/routes.ts, plain data) flattened to one entry per URL pattern, and
// what the security suites expect of each: who may open it, who may post to it, and a real URL
// for it. A route without an expectation here fails the suites, so a new page cannot slip by.

type ConfigEntry = { path?: string; index?: boolean; file: string; children?: ConfigEntry[] }

export type RouteEntry = {
	/** The pattern as written in the table, e.g. /teachersdashboard/courses/edit/:courseId */
	pattern: string
	file: string
	index: boolean
	hasLoader: boolean
	hasAction: boolean
	/** A module without a default export answers with data or a file, not a page. */
	hasPage: boolean
}

const appDir = fileURLToPath(new URL('../../app/', import.meta.url))

function join(parent: string, path: string | undefined) {
	if (!path) return parent
	return `${parent.replace(/\/$/, '')}/${path}`
}

function flatten(entries: ConfigEntry[], parent = ''): RouteEntry[] {
	return entries.flatMap((entry) => {
		const pattern = join(parent, entry.path) || '/'
		const own: RouteEntry[] = []
		// A layout with children is not a URL of its own; an index or a leaf is.
		if (!entry.children?.length || entry.index) {
			const source = readFileSync(`${appDir}${entry.file}`, 'utf8')
			own.push({
				pattern,
				file: entry.file,
				index: Boolean(entry.index),
				hasLoader: /export (async )?function loader\b|export const loader\b/.test(source),
				hasAction: /export (async )?function action\b|export const action\b/.test(source),
				// A file link's page only ever shows a refusal (docs/decisions/021): it answers a file.
				hasPage: /export default\b/.test(source) && !/\bfailedFileLoader\b/.test(source),
			})
		}
		return [...own, ...flatten(entry.children ?? [], pattern)]
	})
}

export const routeTable: RouteEntry[] = flatten(routeConfig as ConfigEntry[])

/** The URL to request for a route: index routes take `?index` when posted to, as React Router's forms do. */
export function actionUrl(route: RouteEntry, url: string) {
	if (!route.index) return url
	return url.includes('?') ? `${url}&index` : `${url}?index`
}

export type Rule = {
	/** Who may open the page; everyone else is refused. */
	get: Who[]
	/** Who may post to its action (default: those who may open it). */
	post?: Who[]
	/** Login and sign-up: a signed-in account is sent to its own dashboard instead. */
	guestOnly?: true
	/** A real URL with real ids, for the role that opens it (ownerOf). */
	url: (w: World) => string
	/** The status the allowed role gets (default 200). */
	status?: number
}

const signedIn: Role[] = ['student', 'tutor', 'organization']
const all: Who[] = ['anonymous', ...signedIn]
const student: Who[] = ['student']
const teacher: Who[] = ['tutor']
const organization: Who[] = ['organization']
const s = (path: string) => () => path

export const rules: Record<string, Rule> = {
	'/': { get: all, url: s('/') },
	'/pricing': { get: all, url: s('/pricing') },
	'/about-us': { get: all, url: s('/about-us') },
	'/contact-us': { get: all, url: s('/contact-us') },
	'/login': { get: ['anonymous'], guestOnly: true, url: s('/login') },
	// A two-factor login's second step: without a right password first, it says to log in.
	'/login/two-factor': { get: ['anonymous'], guestOnly: true, url: s('/login/two-factor') },
	// Single sign-on (issue 31, decision 040): finding the school, its page (an organization
	// without single sign-on says so, 404), its button (back to the page when the API refuses),
	// the provider's way back (no sign-in started here: 400), and the consent to link an account.
	'/login/sso': { get: ['anonymous'], guestOnly: true, url: s('/login/sso') },
	'/login/sso/callback': {
		get: ['anonymous'],
		guestOnly: true,
		url: s('/login/sso/callback?code=unknown&state=unknown'),
		status: 400,
	},
	// The consent page (decision 052): with no school sign-in waiting, it says so.
	'/login/sso/link': { get: ['anonymous'], guestOnly: true, url: s('/login/sso/link') },
	'/login/sso/:organizationId': {
		get: ['anonymous'],
		guestOnly: true,
		url: s('/login/sso/00000000-0000-4000-8000-000000000000'),
		status: 404,
	},
	'/login/sso/:organizationId/start': {
		get: ['anonymous'],
		guestOnly: true,
		url: s('/login/sso/00000000-0000-4000-8000-000000000000/start'),
		status: 302,
	},
	'/unauthorized': { get: all, url: s('/unauthorized') },
	'/signup/:role': { get: ['anonymous'], guestOnly: true, url: s('/signup/student') },
	// Accounts (decision 023). An unknown reset link shows its refusal in the page; an unknown
	// verification link answers 400 to everyone (a good one redirects).
	'/forgot-password': { get: ['anonymous'], guestOnly: true, url: s('/forgot-password') },
	'/reset-password': {
		get: ['anonymous'],
		guestOnly: true,
		url: s('/reset-password?token=unknown'),
	},
	'/verify-email': { get: all, url: s('/verify-email?token=unknown'), status: 400 },
	// The link of "I can't use my codes" (decision 053): a button for anyone, signed in or not.
	'/two-factor-recovery': { get: all, url: s('/two-factor-recovery?token=unknown') },
	// A notification mail's unsubscribe page: a form for anyone, signed in or not.
	'/unsubscribe': { get: all, url: s('/unsubscribe?token=unknown') },
	'/verify/certificate/:publicId': {
		get: all,
		url: (w) => `/verify/certificate/${w.certificate.publicId}`,
	},
	'/verify/report-card/:publicId': {
		get: all,
		url: (w) => `/verify/report-card/${w.reportCardPublicId}`,
	},
	'/courses': { get: all, url: s('/courses') },
	'/courses/find-student': { get: ['tutor', 'organization'], url: s('/courses/find-student') },
	'/courses/:courseId': { get: all, url: (w) => `/courses/${w.checkoutCourseId}` },
	'/course/:courseId/checkout': {
		get: student,
		url: (w) => `/course/${w.checkoutCourseId}/checkout`,
	},
	'/courses/:courseId/processing/:paymentId': {
		get: student,
		url: (w) => `/courses/${w.checkoutCourseId}/processing/${w.paymentId}`,
	},
	// Only for the student's own settled payment; the world's is still open, so the student is sent
	// to the course's checkout (payment-pages.spec.ts shows the pages themselves).
	'/courses/:courseId/success': {
		get: student,
		status: 302,
		url: (w) => `/courses/${w.courseId}/success`,
	},
	'/courses/:courseId/failed': {
		get: student,
		status: 302,
		url: (w) => `/courses/${w.checkoutCourseId}/failed?payment=${w.paymentId}`,
	},
	// Logging out: any page may post it; a visitor with no session is sent to /login.
	'/logout': { get: all, post: signedIn, url: s('/logout'), status: 302 },
	// The verification banner's Resend: a post that goes back; opened, it sends to the dashboard.
	'/account/resend-verification': {
		get: signedIn,
		url: s('/account/resend-verification'),
		status: 302,
	},
	// The footer's language form posts here; opened, it sends home (issue 40).
	'/language': { get: all, post: all, url: s('/language'), status: 302 },
	'/files/:key': { get: signedIn, url: (w) => `/files/${w.fileKey}` },
	// A calendar feed needs no session: its address is the secret, so a made-up one is 404 for everyone
	// (calendar-feed.spec.ts subscribes to real ones).
	'/calendar/:token': { get: all, url: s(`/calendar/${'0'.repeat(75)}.ics`), status: 404 },
	// An operator's reporting check: absent (404 for everyone) unless ERROR_CHECK=1 (error-reports.spec).
	'/error-check': { get: all, url: s('/error-check'), status: 404 },

	'/studentdashboard': { get: student, url: s('/studentdashboard') },
	'/studentdashboard/courses': { get: student, url: s('/studentdashboard/courses') },
	'/studentdashboard/:courseId/course-details': {
		get: student,
		url: (w) => `/studentdashboard/${w.courseId}/course-details`,
	},
	'/studentdashboard/sessions': { get: student, url: s('/studentdashboard/sessions') },
	'/studentdashboard/test/:templateId': {
		get: student,
		url: (w) => `/studentdashboard/test/${w.templateId}`,
	},
	// The test island's JSON endpoint answers only POST.
	'/studentdashboard/test/:templateId/progress': {
		get: student,
		url: (w) => `/studentdashboard/test/${w.templateId}/progress`,
		status: 405,
	},
	// The task submit island's JSON endpoint answers only POST.
	'/studentdashboard/task-details/submit': {
		get: student,
		url: (w) => `/studentdashboard/task-details/submit?taskId=${w.taskId}`,
		status: 405,
	},
	'/studentdashboard/qa/templates': { get: student, url: s('/studentdashboard/qa/templates') },
	'/studentdashboard/qa': { get: student, url: s('/studentdashboard/qa') },
	'/studentdashboard/test-results': { get: student, url: s('/studentdashboard/test-results') },
	'/studentdashboard/test-summary/:testHistoryId': {
		get: student,
		url: (w) => `/studentdashboard/test-summary/${w.testHistoryId}`,
	},
	'/studentdashboard/test-result/:sessionId': {
		get: student,
		url: (w) => `/studentdashboard/test-result/${w.testSessionId}`,
	},
	'/studentdashboard/library': { get: student, url: s('/studentdashboard/library') },
	'/studentdashboard/library/:resourceId/file': {
		get: student,
		url: (w) => `/studentdashboard/library/${w.resourceId}/file`,
	},
	'/studentdashboard/profile': { get: student, url: s('/studentdashboard/profile') },
	'/studentdashboard/announcements': { get: student, url: s('/studentdashboard/announcements') },
	'/studentdashboard/announcements/:announcementId': {
		get: student,
		url: (w) => `/studentdashboard/announcements/${w.announcementId}`,
	},
	'/studentdashboard/certificates': { get: student, url: s('/studentdashboard/certificates') },
	'/studentdashboard/certificates/:certificateId/pdf': {
		get: student,
		url: (w) => `/studentdashboard/certificates/${w.certificate.id}/pdf`,
	},
	'/studentdashboard/report-cards': { get: student, url: s('/studentdashboard/report-cards') },
	'/studentdashboard/tasks': { get: student, url: s('/studentdashboard/tasks') },
	'/studentdashboard/task-details': {
		get: student,
		url: (w) => `/studentdashboard/task-details?taskId=${w.taskId}`,
	},
	'/studentdashboard/task-details/file': {
		get: student,
		url: (w) =>
			`/studentdashboard/task-details/file?taskId=${w.taskId}&submissionId=${w.submissionId}`,
	},

	'/teachersdashboard': { get: teacher, url: s('/teachersdashboard') },
	'/teachersdashboard/courses': { get: teacher, url: s('/teachersdashboard/courses') },
	'/teachersdashboard/course-details': {
		get: teacher,
		url: (w) => `/teachersdashboard/course-details?courseId=${w.courseId}`,
	},
	'/teachersdashboard/courses/edit/:courseId': {
		get: teacher,
		url: (w) => `/teachersdashboard/courses/edit/${w.courseId}`,
	},
	'/teachersdashboard/courses/form': { get: teacher, url: s('/teachersdashboard/courses/form') },
	'/teachersdashboard/payment-setup': { get: teacher, url: s('/teachersdashboard/payment-setup') },
	'/teachersdashboard/stripe/complete-onboarding': {
		get: teacher,
		url: s('/teachersdashboard/stripe/complete-onboarding'),
	},
	'/teachersdashboard/schedule': { get: teacher, url: s('/teachersdashboard/schedule') },
	'/teachersdashboard/schedule/new': { get: teacher, url: s('/teachersdashboard/schedule/new') },
	'/teachersdashboard/schedule/:scheduleId/edit': {
		get: teacher,
		url: (w) => `/teachersdashboard/schedule/${w.scheduleId}/edit`,
	},
	'/teachersdashboard/schedule/:scheduleId/attendance': {
		get: teacher,
		url: (w) => `/teachersdashboard/schedule/${w.scheduleId}/attendance`,
	},
	'/teachersdashboard/qa/create': { get: teacher, url: s('/teachersdashboard/qa/create') },
	'/teachersdashboard/qa/templates': { get: teacher, url: s('/teachersdashboard/qa/templates') },
	'/teachersdashboard/library': { get: teacher, url: s('/teachersdashboard/library') },
	'/teachersdashboard/library/:resourceId/file': {
		get: teacher,
		url: (w) => `/teachersdashboard/library/${w.resourceId}/file`,
	},
	'/teachersdashboard/profile': { get: teacher, url: s('/teachersdashboard/profile') },
	// Where a teacher is held when the organization requires two-factor (decision 037); any teacher opens it.
	'/teachersdashboard/two-factor': { get: teacher, url: s('/teachersdashboard/two-factor') },
	'/teachersdashboard/announcement/list': {
		get: teacher,
		url: s('/teachersdashboard/announcement/list'),
	},
	'/teachersdashboard/report-card/:studentId/:courseId': {
		get: teacher,
		url: (w) => `/teachersdashboard/report-card/${w.studentId}/${w.courseId}`,
	},
	'/teachersdashboard/report-card/:studentId': {
		get: teacher,
		url: (w) => `/teachersdashboard/report-card/${w.studentId}`,
	},
	'/teachersdashboard/certificate/:studentId/:courseId/:tutorId/:studentEmail': {
		get: teacher,
		url: (w) =>
			`/teachersdashboard/certificate/${w.studentId}/${w.courseId}/${w.tutorId}/${encodeURIComponent(w.studentEmail)}`,
	},
	'/teachersdashboard/certificates/:certificateId/pdf': {
		get: teacher,
		url: (w) => `/teachersdashboard/certificates/${w.certificate.id}/pdf`,
	},
	'/teachersdashboard/tasks': { get: teacher, url: s('/teachersdashboard/tasks') },
	'/teachersdashboard/tasks/submissions': {
		get: teacher,
		url: (w) => `/teachersdashboard/tasks/submissions?taskId=${w.taskId}`,
	},
	'/teachersdashboard/tasks/view-submissions': {
		get: teacher,
		url: (w) =>
			`/teachersdashboard/tasks/view-submissions?taskId=${w.taskId}&studentId=${w.studentId}`,
	},
	'/teachersdashboard/courses/class-list': {
		get: teacher,
		url: (w) => `/teachersdashboard/courses/class-list?course=${w.courseId}`,
	},
	'/teachersdashboard/tasks/submissions/export': {
		get: teacher,
		url: (w) => `/teachersdashboard/tasks/submissions/export?taskId=${w.taskId}`,
	},
	'/teachersdashboard/tasks/file': {
		get: teacher,
		url: (w) => `/teachersdashboard/tasks/file?taskId=${w.taskId}&submissionId=${w.submissionId}`,
	},

	// The area's root sends the organization on to its dashboard.
	'/organization': { get: organization, url: s('/organization'), status: 302 },
	'/organization/dashboard': { get: organization, url: s('/organization/dashboard') },
	'/organization/courses': { get: organization, url: s('/organization/courses') },
	'/organization/courses/class-list': {
		get: organization,
		url: (w) => `/organization/courses/class-list?course=${w.orgCourseId}`,
	},
	'/organization/score-input/export': {
		get: organization,
		url: s('/organization/score-input/export?term=Term%201%202026'),
	},
	'/organization/result-cards/export': {
		get: organization,
		url: s('/organization/result-cards/export?term=Term%201%202026'),
	},
	'/organization/payment-setup': { get: organization, url: s('/organization/payment-setup') },
	'/organization/stripe/complete-onboarding': {
		get: organization,
		url: s('/organization/stripe/complete-onboarding'),
	},
	'/organization/students': { get: organization, url: s('/organization/students') },
	'/organization/teachers': { get: organization, url: s('/organization/teachers') },
	'/organization/departments': { get: organization, url: s('/organization/departments') },
	'/organization/roster': { get: organization, url: s('/organization/roster') },
	'/organization/roster/template': { get: organization, url: s('/organization/roster/template') },
	'/organization/roster/export': { get: organization, url: s('/organization/roster/export') },
	'/organization/roster/imports/:importId': {
		get: organization,
		url: (w) => `/organization/roster/imports/${w.rosterImportId}`,
	},
	'/organization/exports': { get: organization, url: s('/organization/exports') },
	'/organization/exports/:exportId': {
		get: organization,
		url: (w) => `/organization/exports/${w.exportId}`,
	},
	'/organization/exports/:exportId/file': {
		get: organization,
		url: (w) => `/organization/exports/${w.exportId}/file`,
	},
	'/organization/analytics': { get: organization, url: s('/organization/analytics') },
	'/organization/settings': { get: organization, url: s('/organization/settings') },
	'/organization/single-sign-on': { get: organization, url: s('/organization/single-sign-on') },
	'/organization/score-input': { get: organization, url: s('/organization/score-input') },
	'/organization/result-cards': { get: organization, url: s('/organization/result-cards') },
	'/organization/org/announcement/list': {
		get: organization,
		url: s('/organization/org/announcement/list'),
	},
	'/organization/certificate/:studentId/:courseId/:organizationId/:studentEmail': {
		get: organization,
		url: (w) =>
			`/organization/certificate/${w.orgStudentId}/${w.orgCourseId}/${w.organizationId}/${encodeURIComponent(w.orgStudentEmail)}`,
	},
	'/organization/certificates/:certificateId/pdf': {
		get: organization,
		url: (w) => `/organization/certificates/${w.orgCertificateId}/pdf`,
	},

	// Rooms seat students and teachers; only a teacher opens a new room. An organization lists the
	// rooms of its own courses (world.roomId is a teacher's own course's room: not the organization's).
	'/conference': { get: signedIn, post: teacher, url: s('/conference') },
	'/conference/classroom/:roomId': {
		get: ['student', 'tutor'],
		url: (w) => `/conference/classroom/${w.roomId}`,
	},
	'/conference/whiteboard/:roomId': {
		get: ['student', 'tutor'],
		url: (w) => `/conference/whiteboard/${w.roomId}`,
	},
	// A room page's script asks here for a new socket ticket (issue 42): POST only, JSON; a GET is
	// 405. An organization only looks on: its post goes to /unauthorized.
	'/conference/rooms/:roomId/ticket': {
		get: signedIn,
		post: ['student', 'tutor'],
		url: (w) => `/conference/rooms/${w.roomId}/ticket`,
		status: 405,
	},

	// An unknown address under an area: the area's not-found page, inside its navigation.
	'/studentdashboard/*': { get: student, url: s('/studentdashboard/no-such-page'), status: 404 },
	'/teachersdashboard/*': { get: teacher, url: s('/teachersdashboard/no-such-page'), status: 404 },
	'/organization/*': { get: organization, url: s('/organization/no-such-page'), status: 404 },
	'/conference/*': { get: signedIn, url: s('/conference/no-such-page'), status: 404 },

	// Any unknown address: the not-found page, for everyone.
	'/*': { get: all, url: s('/no-such-page/at-all'), status: 404 },
}

export function ruleFor(route: RouteEntry): Rule {
	const rule = rules[route.pattern]
	if (!rule)
		throw new Error(
			`No security expectation for ${route.pattern} (${route.file}): add it to e2e/http/routes.ts`,
		)
	return rule
}

/** Who opens a route for the "as its own role" checks: a visitor for public pages, else its area's role. */
export function ownerOf(rule: Rule): Who {
	return rule.get.includes('anonymous') ? 'anonymous' : (rule.get[0] ?? 'anonymous')
}

export function postersOf(rule: Rule): Who[] {
	return rule.post ?? rule.get
}
