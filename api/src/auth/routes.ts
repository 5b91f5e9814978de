import { sayAnswer } from '../platform/i18n.ts'
import { z } from '@hono/zod-openapi'
import type { ApiDeps } from '../platform/context.ts'
import { MESSAGES } from '../platform/errors.ts'
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
			description: `An organization registers a ${role === 'tutor' ? 'teacher' : 'student'} as its member (\`organization_id\` set to the caller). The account starts unverified and is mailed a verification link. A member so made, with the same email and organization since, is linked at its first school sign-in without the consent step.`,
			responses: answers(
				{ 201: registered },
				{
					400: {
						path: 'password',
						msg: 'This password is too common and easy to guess. Choose another one.',
					},
					409: MESSAGES.duplicateEmail,
				},
			),
		}) as const

	const profilePictureRoute = (role: UserRole, operationId: string) =>
		({
			method: 'post',
			path: `/upload-${role}-profile-picture`,
			operationId,
			summary: `A ${role}'s new profile picture (a form with the image)`,
			middleware: requireAccount({ roles: [role] }),
			request: { body: formBody(profilePictureForm) },
			description: `A ${role === 'tutor' ? 'tutor' : 'student'} replaces their own profile picture (multipart field \`profilePicture\`: PNG, JPEG, WebP or GIF, at most 2 MB); the old file is removed. \`profilePicture\` is a path under the API base (\`/files/<key>\`).`,
			responses: answers(
				{ 200: pictureUpdated },
				{
					400: [
						{ path: 'profilePicture', msg: 'Choose an image to upload' },
						{ path: 'profilePicture', msg: 'Use a PNG, JPEG, WebP or GIF image' },
					],
					404: 'User not found',
					413: MESSAGES.fileTooLarge,
				},
			),
		}) as const

	return new ApiRoutes(config, 'auth')
		.endpoint(
			{
				method: 'post',
				path: '/login',
				operationId: 'login',
				summary: "A person's login: a session, or the two-factor step next",
				request: { body: jsonBody(credentials) },
				description:
					'A student or a teacher logs in. Answers `{ message: "Login successful", user }` with `accessToken` and `refreshToken` in `user`, `emailVerified`, and sets the `refreshToken` cookie (HttpOnly, SameSite=Lax, Path=/api/v1/auth; Secure in production). With two-factor on, a right password answers `{ message: "Enter the code from your authenticator app", twoFactorRequired: true, challenge }` and opens no session (then `POST /auth/two-factor`); while a request to turn it off waits, also `recoveryReadyAt`, and once it has waited three days the right password turns two-factor off and opens a session. A teacher whose organization requires two-factor sign-in and has not set it up gets `twoFactorSetupRequired: true`, and 403 from every call but those under `/account` until it is on. Failed logins are limited (decision 014): 20 a minute per client address; per account and address, 5 free, then a wait doubling from 1 s to at most 15 minutes, the right password included (429 with `Retry-After`); a success clears the count. The right password of the other kind of account earns the other refusal below, and wrong guesses count against that account too. The client address is the socket\'s, or `X-TutorHub-Client-Address` when `X-TutorHub-Proxy-Secret` matches `API_PROXY_SECRET`; the sign-in keeps `X-TutorHub-Client-Agent` (same secret) or the caller\'s `User-Agent` for the account\'s list of sign-ins, and a new device and address pair mails the account. `timeZone` (an IANA zone) is the one reminders are written in.',
				responses: answers(
					{ 200: z.union([userLogin, twoFactorNeeded]) },
					{
						401: [MESSAGES.badCredentials, MESSAGES.organizationLogin],
						429: 'Too many failed login attempts. Try again in <time>.',
					},
				),
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
				description:
					'An organization logs in. Answers `{ message: "Login successful", user }` with `accessToken` and `refreshToken` in `user`, `emailVerified`, and sets the `refreshToken` cookie (HttpOnly, SameSite=Lax, Path=/api/v1/auth; Secure in production). With two-factor on, a right password answers `{ message: "Enter the code from your authenticator app", twoFactorRequired: true, challenge }` and opens no session (then `POST /auth/two-factor`); while a request to turn it off waits, also `recoveryReadyAt`, and once it has waited three days the right password turns two-factor off and opens a session. A teacher whose organization requires two-factor sign-in and has not set it up gets `twoFactorSetupRequired: true`, and 403 from every call but those under `/account` until it is on. Failed logins are limited (decision 014): 20 a minute per client address; per account and address, 5 free, then a wait doubling from 1 s to at most 15 minutes, the right password included (429 with `Retry-After`); a success clears the count. The right password of the other kind of account earns the other refusal below, and wrong guesses count against that account too. The client address is the socket\'s, or `X-TutorHub-Client-Address` when `X-TutorHub-Proxy-Secret` matches `API_PROXY_SECRET`; the sign-in keeps `X-TutorHub-Client-Agent` (same secret) or the caller\'s `User-Agent` for the account\'s list of sign-ins, and a new device and address pair mails the account. `timeZone` (an IANA zone) is the one reminders are written in.',
				responses: answers(
					{ 200: z.union([organizationLogin, twoFactorNeeded]) },
					{
						401: [MESSAGES.badCredentials, MESSAGES.userLogin],
						429: 'Too many failed login attempts. Try again in <time>.',
					},
				),
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
				description:
					"Anyone holding a login's `challenge` (within 5 minutes) sends the code from the authenticator app, or a recovery code, and gets the login's answer. A code is accepted once (a replayed or older one is refused); a recovery code used mails the account. Wrong codes are limited per address like passwords, and per account whatever the address: from the 10th in 24 hours the code step locks for 1 minute, doubling up to an hour, every code refused meanwhile, and the account is mailed (at most once an hour); a right code clears the count (decision 053).",
				responses: answers(
					{ 200: z.union([userLogin, organizationLogin]) },
					{
						401: [
							'Your sign-in took too long. Log in again.',
							'That code is not right. Enter the current code from your authenticator app, or one of your recovery codes.',
						],
						429: [
							'Too many failed login attempts. Try again in <time>.',
							'Too many wrong codes were entered for this account. Try again in <time>.',
						],
					},
				),
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
				description:
					"The owner of a login's `challenge` who cannot use their codes: the account is mailed a link (`<PUBLIC_URL>/two-factor-recovery?token=…`, good once, for an hour; no mail when a request already waits) that starts a three-day wait, after which two-factor sign-in turns off (`POST /account/two-factor/recovery/start`). At most 3 links per account in 15 minutes.",
				responses: answers(
					{ 200: done },
					{
						401: 'Your sign-in took too long. Log in again.',
						429: 'Too many links asked for. Try again in <time>.',
					},
				),
			},
			async (c) =>
				c.json(
					sayAnswer(
						await requestWayBack(deps, c.req.valid('json').challenge),
						c.req.header('Accept-Language'),
					),
					200,
				),
		)
		.endpoint(
			{
				method: 'post',
				path: '/register-student',
				operationId: 'registerStudent',
				summary: 'A student signs up',
				request: { body: jsonBody(studentRegistration) },
				description:
					'Anyone signs up as a student. The account starts unverified and is mailed a verification link (at most 6 mails an hour to one address; past that the account is made without the mail).',
				responses: answers(
					{ 201: registered },
					{
						400: {
							path: 'password',
							msg: 'This password is too common and easy to guess. Choose another one.',
						},
						409: MESSAGES.duplicateEmail,
					},
				),
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
				description:
					"Anyone signs up as a tutor. The account starts unverified and is mailed a verification link, as a student's sign-up.",
				responses: answers(
					{ 201: registered },
					{
						400: {
							path: 'password',
							msg: 'This password is too common and easy to guess. Choose another one.',
						},
						409: MESSAGES.duplicateEmail,
					},
				),
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
				description:
					'Anyone signs up as a tutor, or a student with `role: "student"`; otherwise as the two calls above.',
				responses: answers(
					{ 201: registered },
					{
						400: {
							path: 'password',
							msg: 'This password is too common and easy to guess. Choose another one.',
						},
						409: MESSAGES.duplicateEmail,
					},
				),
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
				description:
					"A tutor the student is enrolled with, or the student's organization, finds the student by email; anyone else gets the 404 an unknown email gets.",
				responses: answers({ 200: foundStudent }, { 404: 'Student not found' }),
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
				description:
					"Anyone with the `refreshToken` cookie (empty body; the app sends `X-Retry: true`): a new access token and the refresh token's successor, also set as the cookie. Each refresh token is good once: presented again within 20 s it gives the same successor (two tabs refreshing together), after that it is reuse and ends the whole session (decision 013). A refusal clears the cookie.",
				responses: answers({ 200: refreshed }, { 401: 'Invalid or expired refresh token' }),
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
				description:
					"Any account's bearer: `{ open: true }` while the sign-in is open and usable; else the 403 every call gets (the two-factor hold's text for a held teacher). The guard alone answers, with one session lookup: the app asks before it serves a sign-in its cached pages (decision 056).",
				responses: answers(
					{ 200: sessionOpen },
					{ 403: 'Your organization requires two-factor sign-in. Set it up to continue.' },
				),
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
				description:
					'The `refreshToken` cookie and/or a bearer token (empty body): ends the session either names, so every access and refresh token of it is refused from the next request, and clears the cookie.',
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
