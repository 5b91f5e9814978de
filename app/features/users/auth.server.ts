import type { RouterContextProvider } from 'react-router'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { login, organizationLogin } from './api.server'
import type { SessionUser } from '~/platform/session.server'
import type { Tokens } from '~/platform/upstream.server'
import { upstream } from '~/platform/request.server'

export type Authenticated = { user: SessionUser; tokens: Tokens }

function credentials(form: FormData) {
	return { email: String(form.get('email') ?? '').trim(), password: String(form.get('password') ?? '') }
}

/**
 * Two form strategies: people (students and teachers) and organizations log in through separate
 * calls. The authenticator is built per request because verifying needs this request's upstream
 * client; building it is two object allocations.
 */
export function authenticator(context: Readonly<RouterContextProvider>, request: Request) {
	const api = upstream(context, request)
	return new Authenticator<Authenticated>()
		.use(
			new FormStrategy(async ({ form }) => {
				const { user } = await login(api, credentials(form))
				return {
					user: { id: user.id, role: user.role, name: user.name, email: user.email, organizationId: user.organization_id ?? null },
					tokens: { accessToken: user.accessToken, refreshToken: user.refreshToken },
				}
			}),
			'user',
		)
		.use(
			new FormStrategy(async ({ form }) => {
				const { user } = await organizationLogin(api, credentials(form))
				return {
					user: { id: user.id, role: 'organization', name: user.name, email: user.email, organizationId: user.id },
					tokens: { accessToken: user.accessToken, refreshToken: user.refreshToken },
				}
			}),
			'organization',
		)
}
