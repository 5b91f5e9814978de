import { supportedLocale } from '../../../contract/locales'
import type { RouterContextProvider } from 'react-router'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { login, organizationLogin } from './api.server'
import type { Role } from '~/platform/roles'
import type { SessionUser } from '~/platform/session.server'
import type { Tokens } from '~/platform/upstream.server'
import { upstream } from '~/platform/request.server'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'

export type Authenticated = { user: SessionUser; tokens: Tokens }
/** The password was right; the account's two-factor code comes next (decision 033). */
export type CodeNeeded = { challenge: string; recoveryReadyAt?: string }

/** The form's email and password, and the browser's zone when known (reminders use it, decision 038). */
function credentials(form: FormData, request: Request) {
	const zone = viewerTimeZone(request)
	return {
		email: String(form.get('email') ?? '').trim(),
		password: String(form.get('password') ?? ''),
		...(zone.known && { timeZone: zone.zone }),
	}
}

type LoginUser = {
	id: string
	role: Role
	name: string
	email: string
	organization_id?: string | null
	emailVerified?: boolean
	twoFactorSetupRequired?: boolean
	locale?: string
	accessToken: string
	refreshToken: string
}

/** The session's user and tokens from a login's answer (the password's, or the second step's). */
export function authenticated(user: LoginUser): Authenticated {
	const organization = user.role === 'organization'
	return {
		user: {
			id: user.id,
			role: user.role,
			name: user.name,
			email: user.email,
			organizationId: organization ? user.id : (user.organization_id ?? null),
			emailVerified: user.emailVerified,
			...(user.twoFactorSetupRequired && { twoFactorSetupRequired: true }),
			locale: supportedLocale(user.locale),
		},
		tokens: { accessToken: user.accessToken, refreshToken: user.refreshToken },
	}
}

const outcome = (answer: { user: LoginUser } | CodeNeeded) =>
	'challenge' in answer
		? {
				challenge: answer.challenge,
				...(answer.recoveryReadyAt && { recoveryReadyAt: answer.recoveryReadyAt }),
			}
		: authenticated(answer.user)

/**
 * Two form strategies: people (students and teachers) and organizations log in through separate
 * calls. The authenticator is built per request because verifying needs this request's upstream
 * client; building it is two object allocations.
 */
export function authenticator(context: Readonly<RouterContextProvider>, request: Request) {
	const api = upstream(context, request)
	return new Authenticator<Authenticated | CodeNeeded>()
		.use(
			new FormStrategy(async ({ form }) => outcome(await login(api, credentials(form, request)))),
			'user',
		)
		.use(
			new FormStrategy(async ({ form }) =>
				outcome(await organizationLogin(api, credentials(form, request))),
			),
			'organization',
		)
}
