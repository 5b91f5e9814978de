import { z } from '@hono/zod-openapi'
import type { ApiDeps } from '../platform/context.ts'
import { answers, ApiRoutes, formBody, jsonBody } from '../platform/openapi.ts'
import type { Passwords } from '../platform/passwords.ts'
import { accountGuard } from '../platform/require-account.ts'
import type { UserRole } from '../schema.ts'
import { findVisibleStudent } from '../users/access.ts'
import { toUser } from '../users/present.ts'
import { newProfilePicture } from '../users/profile-picture.ts'
import { createLogins, loginSecondStep, requestWayBack } from './login.ts'
import { refreshSignIn, signOut } from './refresh.ts'
import { signUp } from './sign-up.ts'
import {
	credentials,
	done,
	foundStudent,
	memberRegistration,
	organizationLogin,
	pictureUpdated,
	profilePictureForm,
	recoveryRequest,
	refreshCookie,
	refreshed,
	registered,
	registration,
	secondStep,
	sessionOpen,
	studentLookup,
	studentRegistration,
	teacherRegistration,
	twoFactorNeeded,
	userLogin,
} from './schemas.ts'

export function authRoutes(deps: ApiDeps, passwords: Passwords) {
	const { db, config } = deps
	const requireAccount = accountGuard({ db, config })
	const logins = createLogins(deps, passwords)

	const memberRegistrationRoute = (role: UserRole, operationId: string) =>
		({
			method: 'post',
			path: `/register-${role}/organization`,
			operationId,
			summary: `An organization registers one of its ${role}s`,
			middleware: requireAccount({ roles: ['organization'] }),
			request: { body: jsonBody(memberRegistration) },
			responses: answers({ 201: registered }),
		}) as const

	const profilePictureRoute = (role: UserRole, operationId: string) =>
		({
			method: 'post',
			path: `/upload-${role}-profile-picture`,
			operationId,
			summary: `A ${role}'s new profile picture (a form with the image)`,
			middleware: requireAccount({ roles: [role] }),
			request: { body: formBody(profilePictureForm) },
			responses: answers({ 200: pictureUpdated }),
		}) as const

	return new ApiRoutes(config, 'auth')
		.endpoint(
			{
				method: 'post',
				path: '/login',
				operationId: 'login',
				summary: "A person's login: a session, or the two-factor step next",
				request: { body: jsonBody(credentials) },
				responses: answers({ 200: z.union([userLogin, twoFactorNeeded]) }),
			},
			async (c) => c.json(await logins.user.password(c, c.req.valid('json')), 200),
		)
		.endpoint(
			{
				method: 'post',
				path: '/organization-login',
				operationId: 'organizationLogin',
				summary: "An organization's login: a session, or the two-factor step next",
				request: { body: jsonBody(credentials) },
				responses: answers({ 200: z.union([organizationLogin, twoFactorNeeded]) }),
			},
			async (c) => c.json(await logins.organization.password(c, c.req.valid('json')), 200),
		)
		.endpoint(
			{
				method: 'post',
				path: '/two-factor',
				operationId: 'twoFactorLogin',
				summary: "A login's second step: the login's challenge and a code, then a session",
				request: { body: jsonBody(secondStep) },
				responses: answers({ 200: z.union([userLogin, organizationLogin]) }),
			},
			async (c) => c.json(await loginSecondStep(deps, logins, c, c.req.valid('json')), 200),
		)
		.endpoint(
			{
				method: 'post',
				path: '/two-factor/recovery',
				operationId: 'requestTwoFactorRecovery',
				summary:
					"A login's owner can't use their codes: mail a link that turns two-factor off after a wait",
				request: { body: jsonBody(recoveryRequest) },
				responses: answers({ 200: done }),
			},
			async (c) => c.json(await requestWayBack(deps, c.req.valid('json').challenge), 200),
		)
		.endpoint(
			{
				method: 'post',
				path: '/register-student',
				operationId: 'registerStudent',
				summary: 'A student signs up',
				request: { body: jsonBody(studentRegistration) },
				responses: answers({ 201: registered }),
			},
			async (c) =>
				c.json(await signUp(deps, passwords, { ...c.req.valid('json'), role: 'student' }), 201),
		)
		.endpoint(
			{
				method: 'post',
				path: '/register-tutor',
				operationId: 'registerTeacher',
				summary: 'A tutor signs up',
				request: { body: jsonBody(teacherRegistration) },
				responses: answers({ 201: registered }),
			},
			async (c) => {
				const { subjects, ...tutor } = c.req.valid('json')
				const user = { ...tutor, role: 'tutor' as const, roleFields: { subjects } }
				return c.json(await signUp(deps, passwords, user), 201)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/register',
				operationId: 'register',
				summary: 'A tutor or a student signs up (a tutor unless the role says otherwise)',
				request: { body: jsonBody(registration) },
				responses: answers({ 201: registered }),
			},
			async (c) => {
				const { subjects, role, ...user } = c.req.valid('json')
				// Subjects describe tutors only; a student's registration drops them.
				const roleFields = role === 'tutor' ? { subjects } : {}
				return c.json(await signUp(deps, passwords, { ...user, role, roleFields }), 201)
			},
		)
		.endpoint(memberRegistrationRoute('tutor', 'registerOrganizationTutor'), async (c) => {
			const member = { ...c.req.valid('json'), role: 'tutor' as const }
			return c.json(
				await signUp(deps, passwords, { ...member, organizationId: c.get('account').id }),
				201,
			)
		})
		.endpoint(memberRegistrationRoute('student', 'registerOrganizationStudent'), async (c) => {
			const member = { ...c.req.valid('json'), role: 'student' as const }
			return c.json(
				await signUp(deps, passwords, { ...member, organizationId: c.get('account').id }),
				201,
			)
		})
		.endpoint(
			{
				method: 'post',
				path: '/get-student',
				operationId: 'findStudent',
				summary: 'A tutor or an organization finds one of its students by email',
				middleware: requireAccount({ roles: ['tutor', 'organization'] }),
				request: { body: jsonBody(studentLookup) },
				responses: answers({ 200: foundStudent }),
			},
			async (c) => {
				const student = await findVisibleStudent(db, c.get('account'), c.req.valid('json').email)
				return c.json({ student: toUser(student) }, 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/refresh-token',
				operationId: 'refreshToken',
				summary: 'A new access token for the refresh cookie, which is good once',
				request: { cookies: refreshCookie },
				responses: answers({ 200: refreshed }),
			},
			async (c) => c.json(await refreshSignIn(deps, c), 200),
		)
		.endpoint(
			{
				method: 'get',
				path: '/session',
				operationId: 'getSession',
				summary: "Whether the bearer's sign-in is open and may be used",
				middleware: requireAccount(),
				responses: answers({ 200: sessionOpen }),
			},
			// The app asks before it serves its cached answers to a session it has not heard from for
			// a few seconds (decision 056): the guard alone answers, with its one session lookup. An
			// ended session gets 403 as every call does, a teacher held for two-factor the hold's 403.
			(c) => c.json({ open: true as const }, 200),
		)
		.endpoint(
			{
				method: 'post',
				path: '/logout',
				operationId: 'logout',
				summary: 'Ends the session of the refresh cookie or of the bearer token',
				request: { cookies: refreshCookie },
				responses: answers({ 200: done }),
			},
			async (c) => {
				await signOut(deps, c)
				return c.json({ message: 'Logged out successfully' }, 200)
			},
		)
		.endpoint(profilePictureRoute('tutor', 'uploadTutorProfilePicture'), async (c) =>
			c.json(
				await newProfilePicture(deps, c.get('account').id, c.req.valid('form').profilePicture),
				200,
			),
		)
		.endpoint(profilePictureRoute('student', 'uploadStudentProfilePicture'), async (c) =>
			c.json(
				await newProfilePicture(deps, c.get('account').id, c.req.valid('form').profilePicture),
				200,
			),
		)
}
