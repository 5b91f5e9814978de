import { t } from '@lingui/core/macro'
import { z } from 'zod'
import type { createUpstream } from '~/platform/upstream.server'
import {
	organizationLoginSchema,
	registeredSchema,
	twoFactorNeededSchema,
	userLoginSchema,
} from '~/features/users/schema'

// The Auth calls of spec section 7 (signing in, up and out), each with the spec's fallback error
// text: the API's auth/ domain, by the same name (decision 060).
type Upstream = ReturnType<typeof createUpstream>
type Credentials = { email: string; password: string; timeZone?: string }

const messageAnswer = z.object({ message: z.string() })
const userLoginAnswer = z.union([userLoginSchema, twoFactorNeededSchema])
const organizationLoginAnswer = z.union([organizationLoginSchema, twoFactorNeededSchema])

export function login(api: Upstream, credentials: Credentials) {
	return api.send('POST', '/auth/login', {
		json: credentials,
		schema: userLoginAnswer,
		fallback: t`Login failed`,
		retry: true,
	})
}

/** The second step of a two-factor login: either kind of account answers as its login does. */
export function twoFactorLogin(api: Upstream, challenge: string, code: string) {
	return api.send('POST', '/auth/two-factor', {
		json: { challenge, code },
		schema: z.union([userLoginSchema, organizationLoginSchema]),
		fallback: t`Login failed`,
	})
}

/** "I can't use my codes": a mailed link that turns two-factor off after a wait (decision 053). */
export function requestTwoFactorRecovery(api: Upstream, challenge: string) {
	return api.send('POST', '/auth/two-factor/recovery', {
		json: { challenge },
		schema: messageAnswer,
		fallback: t`Failed to send the link`,
	})
}

export function organizationLogin(api: Upstream, credentials: Credentials) {
	return api.send('POST', '/auth/organization-login', {
		json: credentials,
		schema: organizationLoginAnswer,
		fallback: t`Login failed`,
		retry: true,
	})
}

type Registration = {
	firstName: string
	lastName: string
	email: string
	password: string
	phone?: string
}

export function registerStudent(api: Upstream, registration: Registration) {
	return api.send('POST', '/auth/register-student', {
		json: registration,
		schema: registeredSchema,
		fallback: t`Registration failed`,
		retry: true,
	})
}

export function registerTeacher(
	api: Upstream,
	registration: Registration & { subjects: string[]; bio?: string },
) {
	return api.send('POST', '/auth/register-tutor', {
		json: registration,
		schema: registeredSchema,
		fallback: t`Registration failed`,
		retry: true,
	})
}

export function logout(api: Upstream) {
	return api.send('POST', '/auth/logout', {
		schema: z.object({}).loose(),
		fallback: t`Logout failed`,
	})
}
