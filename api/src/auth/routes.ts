import { Hono, type Context } from 'hono'
import { toOrganization } from '../organizations/present.ts'
import { findOrganizationCredentials } from '../organizations/repository.ts'
import { signAccessToken, verifyAccessToken } from '../platform/access-tokens.ts'
import { clientAddress, clientDevice } from '../platform/client-address.ts'
import type { Account, ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { readForm } from '../platform/forms.ts'
import { readImage } from '../platform/images.ts'
import { readJsonBody } from '../platform/json.ts'
import { createLoginLimits } from '../platform/rate-limit.ts'
import { accountGuard } from '../platform/require-account.ts'
import type { AccountType, UserRole } from '../schema.ts'
import { toUser, type UserRow } from '../users/present.ts'
import { registerUser, type Registration } from '../users/registration.ts'
import { replaceProfilePicture } from '../users/profile-picture.ts'
import { maySeeStudent } from '../users/access.ts'
import { findUserByEmail, findUserCredentials } from '../users/repository.ts'
import { warnOfNewDevice, welcomeNewAccount } from '../account/mails.ts'
import { loadAccount } from './accounts.ts'
import type { Passwords } from './passwords.ts'
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.ts'
import {
	openSession,
	revokeSession,
	rotateRefreshToken,
	sessionOfRefreshToken,
} from './refresh-tokens.ts'
import {
	credentials,
	memberRegistration,
	registration,
	studentLookup,
	studentRegistration,
	tutorRegistration,
} from './schemas.ts'

const INVALID_REFRESH = 'Invalid or expired refresh token'
const BEARER = /^Bearer\s+(\S+)\s*$/i

const userAccount = (user: UserRow): Account => ({
	id: user.id,
	role: user.role,
	orgId: user.organization_id,
})

export function authRoutes(deps: ApiDeps, passwords: Passwords) {
	const { db, config } = deps
	const requireAccount = accountGuard({ db, config })
	const loginLimits = createLoginLimits({ redis: deps.redis?.commands })

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

	/** Checks the password (throttled per address, and per account from that address) and opens a session. */
	async function signIn<T extends { id: string; password_hash: string }>(
		c: Context<ApiEnv>,
		accountType: AccountType,
		find: (email: string) => Promise<T | undefined>,
		accountOf: (row: NoInfer<T>) => Account,
	) {
		const { email, password } = await readJsonBody(c, credentials)
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
		const signedIn = accountOf(row)
		const ref = { accountId: signedIn.id, accountType }
		const device = clientDevice(c, config.proxySecret)
		const { session, refreshToken } = await openSession(db, ref, device, config.refreshTokenTtl)
		warnOfNewDevice(deps, ref, signedIn.role, device)
		const accessToken = await signAccessToken(
			signedIn,
			session.sessionId,
			config.jwtSecret,
			config.accessTokenTtl,
		)
		setRefreshCookie(c, refreshToken, config)
		return { row, tokens: { accessToken, refreshToken } }
	}

	const register = async (c: Context<ApiEnv>, user: Registration) => {
		const row = await registerUser(db, passwords, user)
		welcomeNewAccount(deps, { accountType: 'user', accountId: row.id })
		return c.json({ message: 'Registered successfully', user: toUser(row) }, 201)
	}

	const uploadProfilePicture = async (c: Context<ApiEnv>) => {
		const image = await readImage((await readForm(c)).profilePicture, 'profilePicture')
		const user = toUser(await replaceProfilePicture(deps, c.get('account').id, image))
		return c.json({
			message: 'Profile picture updated',
			profilePicture: user.profilePicture,
			user,
		})
	}

	const registerMember = (role: UserRole) => async (c: Context<ApiEnv>) => {
		const member = await readJsonBody(c, memberRegistration)
		return register(c, { ...member, role, organizationId: c.get('account').id })
	}

	return new Hono<ApiEnv>()
		.post('/login', async (c) => {
			const { row, tokens } = await signIn(
				c,
				'user',
				(email: string) => findUserCredentials(db, email),
				userAccount,
			)
			const emailVerified = row.email_verified_at !== null
			return c.json({
				message: 'Login successful',
				user: { ...toUser(row), emailVerified, ...tokens },
			})
		})
		.post('/organization-login', async (c) => {
			const { row, tokens } = await signIn(
				c,
				'organization',
				(email: string) => findOrganizationCredentials(db, email),
				(organization) => ({ id: organization.id, role: 'organization', orgId: organization.id }),
			)
			const emailVerified = row.email_verified_at !== null
			return c.json({
				message: 'Login successful',
				user: { ...toOrganization(row), emailVerified, ...tokens },
			})
		})
		.post('/register-student', async (c) => {
			const student = await readJsonBody(c, studentRegistration)
			return register(c, { ...student, role: 'student' })
		})
		.post('/register-tutor', async (c) => {
			const { subjects, ...tutor } = await readJsonBody(c, tutorRegistration)
			return register(c, { ...tutor, role: 'tutor', roleFields: { subjects } })
		})
		.post('/register', async (c) => {
			const { subjects, role, ...user } = await readJsonBody(c, registration)
			// Subjects describe tutors only; a student's registration drops them.
			return register(c, { ...user, role, roleFields: role === 'tutor' ? { subjects } : {} })
		})
		.post(
			'/register-tutor/organization',
			requireAccount({ roles: ['organization'] }),
			registerMember('tutor'),
		)
		.post(
			'/register-student/organization',
			requireAccount({ roles: ['organization'] }),
			registerMember('student'),
		)
		.post('/get-student', requireAccount({ roles: ['tutor', 'organization'] }), async (c) => {
			const { email } = await readJsonBody(c, studentLookup)
			const student = await findUserByEmail(db, email)
			// Only a tutor of the student or the student's organization finds them; for anyone else
			// the answer is the same as for an email nobody has.
			if (student?.role !== 'student' || !(await maySeeStudent(db, c.get('account'), student))) {
				throw new ApiError(404, 'Student not found')
			}
			return c.json({ student: toUser(student) })
		})
		.post('/refresh-token', async (c) => {
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
			return c.json({
				token: await signAccessToken(
					account,
					rotation.session.sessionId,
					config.jwtSecret,
					config.accessTokenTtl,
				),
				refreshToken: rotation.refreshToken,
			})
		})
		.post('/logout', async (c) => {
			// The session is found by the refresh cookie or by the bearer token, whichever came.
			const token = readRefreshCookie(c)
			const bearer = BEARER.exec(c.req.header('authorization') ?? '')?.[1]
			const sessions = await Promise.all([
				token ? sessionOfRefreshToken(db, token) : null,
				bearer ? verifyAccessToken(bearer, config.jwtSecret).then((a) => a?.sessionId) : null,
			])
			for (const sessionId of new Set(sessions)) if (sessionId) await revokeSession(db, sessionId)
			clearRefreshCookie(c, config)
			return c.json({ message: 'Logged out successfully' })
		})
		.post(
			'/upload-tutor-profile-picture',
			requireAccount({ roles: ['tutor'] }),
			uploadProfilePicture,
		)
		.post(
			'/upload-student-profile-picture',
			requireAccount({ roles: ['student'] }),
			uploadProfilePicture,
		)
}
