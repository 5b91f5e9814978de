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
import type { Passwords } from '../platform/passwords.ts'
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
				operationId: 'requestTwoFactorRecovery',
				summary:
					"A login's owner can't use their codes: mail a link that turns two-factor off after a wait",
				request: { body: jsonBody(recoveryRequest) },
				responses: answers({ 200: done }),
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
				operationId: 'registerStudent',
				summary: 'A student signs up',
				request: { body: jsonBody(studentRegistration) },
				responses: answers({ 201: registered }),
			},
			async (c) => c.json(await register({ ...c.req.valid('json'), role: 'student' }), 201),
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
				return c.json(await register({ ...tutor, role: 'tutor', roleFields: { subjects } }), 201)
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
				return c.json(await register({ ...user, role, roleFields }), 201)
			},
		)
		.endpoint(memberRegistrationRoute('tutor', 'registerOrganizationTutor'), async (c) =>
			c.json(await registerMember(c, 'tutor', c.req.valid('json')), 201),
		)
		.endpoint(memberRegistrationRoute('student', 'registerOrganizationStudent'), async (c) =>
			c.json(await registerMember(c, 'student', c.req.valid('json')), 201),
		)
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
				operationId: 'refreshToken',
				summary: 'A new access token for the refresh cookie, which is good once',
				request: { cookies: refreshCookie },
				responses: answers({ 200: refreshed }),
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
		.endpoint(profilePictureRoute('tutor', 'uploadTutorProfilePicture'), async (c) =>
			c.json(await uploadProfilePicture(c, c.req.valid('form').profilePicture), 200),
		)
		.endpoint(profilePictureRoute('student', 'uploadStudentProfilePicture'), async (c) =>
			c.json(await uploadProfilePicture(c, c.req.valid('form').profilePicture), 200),
		)
}
