import { Hono, type MiddlewareHandler } from 'hono'
import { authRoutes } from './auth/routes.ts'
import { createPasswords } from './auth/passwords.ts'
import { fileRoutes } from './files/routes.ts'
import { organizationRoutes } from './organizations/routes.ts'
import { limitBodies } from './platform/body-limits.ts'
import type { ApiDeps, ApiEnv, ErrorField } from './platform/context.ts'
import { errorResponse, handleError, MESSAGES } from './platform/errors.ts'
import { testHookRoutes } from './test-hooks/routes.ts'
import { userRoutes } from './users/routes.ts'

export const API_BASE = '/api/v1'

const answerErrorsIn =
	(field: ErrorField): MiddlewareHandler<ApiEnv> =>
	async (c, next) => {
		c.set('errorField', field)
		await next()
	}

/** The whole API under `/api/v1`; `fetch` it directly or serve it with @hono/node-server. */
export function createApi(deps: ApiDeps) {
	const passwords = createPasswords(deps.config.passwordHashing)
	const app = new Hono<ApiEnv>().basePath(API_BASE)

	// Spec section 8: the client reads organization registration's errors from `error`. Set
	// before the body limit so that its 413 follows the rule too.
	app.use('/organizations/register', answerErrorsIn('error'))
	app.use('*', limitBodies())

	app.route('/auth', authRoutes(deps, passwords))
	app.route('/organizations', organizationRoutes(deps, passwords))
	app.route('/users', userRoutes(deps))
	app.route('/files', fileRoutes(deps))
	if (deps.config.testHooks) app.route('/__test', testHookRoutes(deps))

	app.notFound((c) => errorResponse(c, 404, MESSAGES.notFound))
	app.onError(handleError)
	return app
}

export type { ApiConfig, ApiDeps } from './platform/context.ts'
