import { z } from '@hono/zod-openapi'
import { organization } from '../organizations/schemas.ts'
import { isoDateTime, uploadedFile } from '../platform/openapi.ts'
import { subjects, user } from '../users/schemas.ts'
import {
	body,
	email,
	newPassword,
	optionalText,
	password,
	phone,
	requiredText,
} from '../platform/validation.ts'

const names = {
	firstName: requiredText('First name', 100),
	lastName: requiredText('Last name', 100),
}

export const studentRegistration = body({ ...names, email, password: newPassword, phone })

const teacherFields = {
	...names,
	email,
	password: newPassword,
	phone,
	subjects: subjects.optional(),
	bio: optionalText('Bio', 2000),
}

export const teacherRegistration = body(teacherFields)

export const registration = body({
	...teacherFields,
	role: z.enum(['tutor', 'student'], { error: 'Role must be tutor or student' }).default('tutor'),
})

/** An organization registering one of its members. */
export const memberRegistration = body({ ...names, email, password: newPassword })

export const studentLookup = body({ email })

/** A login; `timeZone`, the browser's as the app knows it, is the zone reminders are written in. */
export const credentials = body({ email, password, timeZone: z.string().max(64).optional() })

/** The second step of a login with two-factor on: the first step's challenge and a code. */
export const secondStep = body({
	challenge: z.string({ error: 'Log in again' }).min(1, 'Log in again').max(2000),
	code: z
		.string({ error: 'Enter the code from your authenticator app' })
		.trim()
		.min(1, 'Enter the code from your authenticator app')
		.max(20, 'That code is too long'),
})

/** POST /auth/upload-*-profile-picture: the image (readImage says what is wrong with it). */
export const profilePictureForm = body({ profilePicture: uploadedFile.optional() })
	// Required in the contract; read as optional so that readImage's message stands.
	.openapi({ required: ['profilePicture'] })

/** What every way of signing in adds to the account once its session is open (open-session.ts). */
const session = {
	emailVerified: z.boolean(),
	accessToken: z.string(),
	refreshToken: z.string(),
	// A teacher whose organization requires two-factor and who has not set it up (decision 037).
	twoFactorSetupRequired: z.literal(true).optional(),
	// The language the account's pages speak, when it or its organization chose one (decision 063).
	locale: z.string().optional(),
}

/** A person's login, a two-factor step or a school sign-in that opened a session. */
export const userLogin = z
	.object({ message: z.string(), user: user.extend(session) })
	.openapi('UserLogin')

/** An organization's login that opened a session. */
export const organizationLogin = z
	.object({ message: z.string(), user: organization.extend(session) })
	.openapi('OrganizationLogin')

/** A right password for an account with two-factor on: no session yet, the code comes next. */
export const twoFactorNeeded = z
	.object({
		message: z.string(),
		twoFactorRequired: z.literal(true),
		challenge: z.string(),
		/** When the owner's request to turn two-factor off takes effect, if one waits (decision 053). */
		recoveryReadyAt: isoDateTime.optional(),
	})
	.openapi('TwoFactorNeeded')

/** POST /auth/two-factor/recovery: the login's challenge (the password was right). */
export const recoveryRequest = body({
	challenge: z.string({ error: 'Log in again' }).min(1, 'Log in again').max(2000),
})

export const registered = z.object({ message: z.string(), user })

export const foundStudent = z.object({ student: user })

/** A refresh: the new access token, and the next refresh token (also set as the cookie). */
export const refreshed = z.object({ token: z.string(), refreshToken: z.string() })

/** Where a refresh or a logout finds the session: the cookie set on login, path /api/v1/auth. */
export const refreshCookie = z.object({ refreshToken: z.string().optional() })

export const pictureUpdated = z.object({
	message: z.string(),
	profilePicture: z.string().nullable(),
	user,
})

/** An answer that only says what happened (a logout). */
export const done = z.object({ message: z.string() })

/** `GET /auth/session`: the bearer's sign-in is open and not held for two-factor set-up. */
export const sessionOpen = z.object({ open: z.literal(true) })
