import type { Context } from 'hono'
import { z } from '@hono/zod-openapi'
import { toOrganization } from '../organizations/present.ts'
import { findOrganizationCredentials } from '../organizations/repository.ts'
import { signAccessToken, verifyAccessToken } from '../platform/access-tokens.ts'
import { clientAddress } from '../platform/client-address.ts'
import type { Account, ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { readImage } from '../platform/images.ts'
import { answers, ApiRoutes, formBody, jsonBody } from '../platform/openapi.ts'
import { isTimeZone } from '../schedules/time.ts'
import { createLoginLimits } from '../platform/rate-limit.ts'
import { accountGuard } from '../platform/require-account.ts'
import type { AccountType, UserRole } from '../schema.ts'
import { toUser } from '../users/present.ts'
import { registerUser, type Registration } from '../users/registration.ts'
import { replaceProfilePicture } from '../users/profile-picture.ts'
import { maySeeStudent } from '../users/access.ts'
import { findUserByEmail, findUserCredentials, saveTimeZone } from '../users/repository.ts'
import { accountLimitsOf } from '../account/limits.ts'
import {
	sendRecoveryCodeUsed,
	sendTwoFactorOff,
	sendTwoFactorRecoveryLink,
	sendWrongCodesWarning,
	welcomeNewAccount,
} from '../account/mails.ts'
import { afterAnswer } from '../platform/after-answer.ts'
import { loadAccount, userAccount } from './accounts.ts'
import { openSignedIn } from './open-session.ts'
import type { Passwords } from './passwords.ts'
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.ts'
import { rotateRefreshToken, sessionOfRefreshToken, type RefreshSession } from './refresh-tokens.ts'
import { revokeSession } from './repository.ts'
import { signChallenge, verifyChallenge } from './two-factor-challenge.ts'
import { createTwoFactorLimits } from './two-factor-limits.ts'
import { finishReadyRecovery, recoveryReadyAt, requestRecoveryLink } from './two-factor-recovery.ts'
import { isTwoFactorOn, spendSecondFactor, WRONG_CODE } from './two-factor.ts'
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

const INVALID_REFRESH = 'Invalid or expired refresh token'
export const TWO_FACTOR_NEEDED = 'Enter the code from your authenticator app'
export const CHALLENGE_EXPIRED = 'Your sign-in took too long. Log in again.'
export const RECOVERY_LINK_SENT =
	'We sent a link to your email address. Follow it within an hour: two-factor sign-in then turns off three days later, and you log in with your password alone.'
const BEARER = /^Bearer\s+(\S+)\s*$/i

/** A 429 of the code step is said next to the code field, where the person is looking. */
async function codeFieldSays(admitted: Promise<void>) {
	try {
		await admitted
	} catch (error) {
		if (error instanceof ApiError && error.status === 429) {
			throw new ApiError(429, error.message, [{ path: 'code', msg: error.message }], error.headers)
		}
		throw error
	}
}

export function authRoutes(deps: ApiDeps, passwords: Passwords) {
	const { db, config } = deps
	const requireAccount = accountGuard({ db, config })
	const loginLimits = createLoginLimits({ redis: deps.redis?.commands })
	const twoFactorLimits = createTwoFactorLimits({ redis: deps.redis?.commands })

	const findCredentials: Record<
		AccountType,
		(email: string) => Promise<{ password_hash: string } | undefined>
	> = {
		user: (email) => findUserCredentials(db, email),
		organization: (email) => findOrganizationCredentials(db, email),
	}

	/**
	 * After a failed login of one kind: whether the same email and password open an account of the
	 * other kind (people and organizations log in separately, and people pick the wrong tab). Said
	 * only when the password is right, so it tells nothing its owner did not already know; the other
	 * password is always checked (a dummy hash when there is no account), so the answer takes as
	 * long whether or not such an account exists; and a wrong guess counts against the other
	 * account's own throttle, so this is no second door for guessing its password.
	 */
	async function isOtherKindsLogin(
		address: string,
		otherType: AccountType,
		email: string,
		password: string,
	) {
		const otherAccount = `${otherType}:${email}`
		if (await loginLimits.waiting(address, otherAccount)) return false
		const other = await findCredentials[otherType](email)
		const valid = await passwords.verify(other?.password_hash, password)
		if (other && valid) return true
		await loginLimits.failed(address, otherAccount)
		return false
	}

	/**
	 * A login of one kind (people or organizations): the password (throttled per address, and per
	 * account from that address), then, for an account with two-factor on, a second step with a
	 * code (throttled the same way) before any session opens.
	 */
	function loginOf<
		T extends { id: string; email: string; password_hash: string; email_verified_at: Date | null },
		Shown extends object,
	>(
		accountType: AccountType,
		find: (email: string) => Promise<T | undefined>,
		accountOf: (row: NoInfer<T>) => Account,
		present: (row: NoInfer<T>) => Shown,
	) {
		const signedIn = async (c: Context<ApiEnv>, row: T) => ({
			message: 'Login successful',
			user: {
				...present(row),
				emailVerified: row.email_verified_at !== null,
				...(await openSignedIn(deps, c, accountType, accountOf(row))),
			},
		})

		return {
			async password(
				c: Context<ApiEnv>,
				{ email, password, timeZone }: z.output<typeof credentials>,
			) {
				const address = clientAddress(c, config.proxySecret)
				const account = `${accountType}:${email}`
				const row = await loginLimits.oneAtATime(address, account, async () => {
					await loginLimits.admit(address, account)
					const found = await find(email)
					const valid = await passwords.verify(found?.password_hash, password)
					if (!found || !valid) {
						await loginLimits.failed(address, account)
						const otherType = accountType === 'user' ? 'organization' : 'user'
						if (await isOtherKindsLogin(address, otherType, email, password)) {
							throw new ApiError(
								401,
								otherType === 'organization' ? MESSAGES.organizationLogin : MESSAGES.userLogin,
							)
						}
						throw new ApiError(401, MESSAGES.badCredentials)
					}
					await loginLimits.succeeded(address, account)
					return found
				})
				const ref = { accountType, accountId: row.id }
				// Reminders are written in the zone the person last logged in from (decision 038).
				if (accountType === 'user' && timeZone && isTimeZone(timeZone)) {
					await saveTimeZone(db, row.id, timeZone)
				}
				if (await isTwoFactorOn(db, ref)) {
					// The owner's request to turn it off has waited its period: the password is enough.
					if (await finishReadyRecovery(db, ref)) {
						afterAnswer(() => sendTwoFactorOff(deps, ref))
						return signedIn(c, row)
					}
					const readyAt = await recoveryReadyAt(db, ref)
					const needed: z.input<typeof twoFactorNeeded> = {
						message: TWO_FACTOR_NEEDED,
						twoFactorRequired: true,
						challenge: await signChallenge(ref, row.email, config.jwtSecret),
						...(readyAt && { recoveryReadyAt: readyAt.toISOString() }),
					}
					return needed
				}
				return signedIn(c, row)
			},
			async secondStep(c: Context<ApiEnv>, ref: RefreshSession, email: string, code: string) {
				const address = clientAddress(c, config.proxySecret)
				const account = `two-factor:${accountType}:${ref.accountId}`
				const wholeAccount = `${accountType}:${ref.accountId}`
				const { row, used } = await loginLimits.oneAtATime(address, account, async () => {
					await codeFieldSays(loginLimits.admit(address, account))
					await twoFactorLimits.admit(wholeAccount)
					const found = await find(email)
					const used =
						found?.id === ref.accountId
							? await spendSecondFactor(db, ref, code, config.jwtSecret)
							: null
					if (!found || !used) {
						await loginLimits.failed(address, account)
						if (await twoFactorLimits.failed(wholeAccount)) {
							afterAnswer(() => sendWrongCodesWarning(deps, ref))
						}
						throw new ApiError(401, WRONG_CODE, [{ path: 'code', msg: WRONG_CODE }])
					}
					await Promise.all([
						loginLimits.succeeded(address, account),
						twoFactorLimits.succeeded(wholeAccount),
					])
					return { row: found, used }
				})
				if (used.kind === 'recovery') afterAnswer(() => sendRecoveryCodeUsed(deps, ref, used.left))
				return signedIn(c, row)
			},
		}
	}

	const logins = {
		user: loginOf('user', (email: string) => findUserCredentials(db, email), userAccount, toUser),
		organization: loginOf(
			'organization',
			(email: string) => findOrganizationCredentials(db, email),
			(organization) => ({ id: organization.id, role: 'organization', orgId: organization.id }),
			toOrganization,
		),
	}

	const register = async (user: Registration) => {
		const row = await registerUser(db, passwords, user)
		welcomeNewAccount(deps, { accountType: 'user', accountId: row.id })
		return { message: 'Registered successfully', user: toUser(row) }
	}

	const uploadProfilePicture = async (c: Context<ApiEnv>, picture: unknown) => {
		const image = await readImage(picture, 'profilePicture')
		const user = toUser(await replaceProfilePicture(deps, c.get('account').id, image))
		return { message: 'Profile picture updated', profilePicture: user.profilePicture, user }
	}

	const registerMember = (
		c: Context<ApiEnv>,
		role: UserRole,
		member: z.output<typeof memberRegistration>,
	) => register({ ...member, role, organizationId: c.get('account').id })

	const memberRegistrationRoute = (role: UserRole) =>
		({
			method: 'post',
			path: `/register-${role}/organization`,
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

	const profilePictureRoute = (role: UserRole) =>
		({
			method: 'post',
			path: `/upload-${role}-profile-picture`,
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

	return new ApiRoutes(config)
		.endpoint(
			{
				method: 'post',
				path: '/login',
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
			async (c) => {
				const { challenge, code } = c.req.valid('json')
				const pending = await verifyChallenge(challenge, config.jwtSecret)
				if (!pending) throw new ApiError(401, CHALLENGE_EXPIRED)
				const login = logins[pending.accountType]
				return c.json(await login.secondStep(c, pending, pending.email, code), 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/two-factor/recovery',
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
			async (c) => {
				const { challenge } = c.req.valid('json')
				const pending = await verifyChallenge(challenge, config.jwtSecret)
				if (!pending) throw new ApiError(401, CHALLENGE_EXPIRED)
				await accountLimitsOf(deps).wayBackRequested(`${pending.accountType}:${pending.accountId}`)
				const token = await requestRecoveryLink(db, pending)
				if (token) afterAnswer(() => sendTwoFactorRecoveryLink(deps, pending, token))
				return c.json({ message: RECOVERY_LINK_SENT }, 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/register-student',
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
			async (c) => c.json(await register({ ...c.req.valid('json'), role: 'student' }), 201),
		)
		.endpoint(
			{
				method: 'post',
				path: '/register-tutor',
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
				return c.json(await register({ ...tutor, role: 'tutor', roleFields: { subjects } }), 201)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/register',
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
				return c.json(await register({ ...user, role, roleFields }), 201)
			},
		)
		.endpoint(memberRegistrationRoute('tutor'), async (c) =>
			c.json(await registerMember(c, 'tutor', c.req.valid('json')), 201),
		)
		.endpoint(memberRegistrationRoute('student'), async (c) =>
			c.json(await registerMember(c, 'student', c.req.valid('json')), 201),
		)
		.endpoint(
			{
				method: 'post',
				path: '/get-student',
				summary: 'A tutor or an organization finds one of its students by email',
				middleware: requireAccount({ roles: ['tutor', 'organization'] }),
				request: { body: jsonBody(studentLookup) },
				description:
					"A tutor the student is enrolled with, or the student's organization, finds the student by email; anyone else gets the 404 an unknown email gets.",
				responses: answers({ 200: foundStudent }, { 404: 'Student not found' }),
			},
			async (c) => {
				const { email } = c.req.valid('json')
				const student = await findUserByEmail(db, email)
				// Only a tutor of the student or the student's organization finds them; for anyone
				// else the answer is the same as for an email nobody has.
				if (student?.role !== 'student' || !(await maySeeStudent(db, c.get('account'), student))) {
					throw new ApiError(404, 'Student not found')
				}
				return c.json({ student: toUser(student) }, 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/refresh-token',
				summary: 'A new access token for the refresh cookie, which is good once',
				request: { cookies: refreshCookie },
				description:
					"Anyone with the `refreshToken` cookie (empty body; the app sends `X-Retry: true`): a new access token and the refresh token's successor, also set as the cookie. Each refresh token is good once: presented again within 20 s it gives the same successor (two tabs refreshing together), after that it is reuse and ends the whole session (decision 013). A refusal clears the cookie.",
				responses: answers({ 200: refreshed }, { 401: 'Invalid or expired refresh token' }),
			},
			async (c) => {
				const token = readRefreshCookie(c)
				const rotation = token
					? await rotateRefreshToken(
							db,
							token,
							config.refreshTokenTtl,
							config.jwtSecret,
							clientAddress(c, config.proxySecret),
						)
					: null
				if (rotation?.outcome !== 'rotated') {
					clearRefreshCookie(c, config)
					throw new ApiError(401, INVALID_REFRESH)
				}
				const account = await loadAccount(db, rotation.session)
				if (!account) throw new ApiError(401, INVALID_REFRESH)
				// Each refresh token is good once: its successor comes back as the cookie and, for
				// clients that keep it themselves, in the body.
				setRefreshCookie(c, rotation.refreshToken, config)
				const { sessionId } = rotation.session
				return c.json(
					{
						token: await signAccessToken(
							account,
							sessionId,
							config.jwtSecret,
							config.accessTokenTtl,
						),
						refreshToken: rotation.refreshToken,
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/session',
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
				summary: 'Ends the session of the refresh cookie or of the bearer token',
				request: { cookies: refreshCookie },
				description:
					'The `refreshToken` cookie and/or a bearer token (empty body): ends the session either names, so every access and refresh token of it is refused from the next request, and clears the cookie.',
				responses: answers({ 200: done }),
			},
			async (c) => {
				// The session is found by the refresh cookie or by the bearer token, whichever came.
				const token = readRefreshCookie(c)
				const bearer = BEARER.exec(c.req.header('authorization') ?? '')?.[1]
				const sessions = await Promise.all([
					token ? sessionOfRefreshToken(db, token) : null,
					bearer ? verifyAccessToken(bearer, config.jwtSecret).then((a) => a?.sessionId) : null,
				])
				for (const sessionId of new Set(sessions)) if (sessionId) await revokeSession(db, sessionId)
				clearRefreshCookie(c, config)
				return c.json({ message: 'Logged out successfully' }, 200)
			},
		)
		.endpoint(profilePictureRoute('tutor'), async (c) =>
			c.json(await uploadProfilePicture(c, c.req.valid('form').profilePicture), 200),
		)
		.endpoint(profilePictureRoute('student'), async (c) =>
			c.json(await uploadProfilePicture(c, c.req.valid('form').profilePicture), 200),
		)
}
