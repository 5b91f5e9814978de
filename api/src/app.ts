import { OpenAPIHono } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { languageRoutes } from './account/language-routes.ts'
import { spokenLanguage } from './account/repository.ts'
import { accountRoutes } from './account/routes.ts'
import { authRoutes } from './auth/routes.ts'
import { ssoRoutes } from './sso/routes.ts'
import { createPasswords } from './platform/passwords.ts'
import { sessionState } from './auth/refresh-tokens.ts'
import { calendarRoutes } from './calendar/routes.ts'
import { courseRoutes } from './courses/routes.ts'
import { exportRoutes } from './exports/routes.ts'
import { paymentRoutes } from './payments/routes.ts'
import { fileRoutes } from './files/routes.ts'
import { organizationRoutes } from './organizations/routes.ts'
import { departmentRoutes } from './departments/routes.ts'
import { scoreRoutes } from './scores/routes.ts'
import { rosterRoutes } from './roster/routes.ts'
import { exportJobRoutes } from './exports/job-routes.ts'
import { devOutboxRoutes } from './mail/dev-outbox.ts'
import { setSessionLookup } from './platform/access-tokens.ts'
import { changesHeard, watchSessionChanges } from './platform/session-cache.ts'
import { limitBodies } from './platform/body-limits.ts'
import { requestLog } from './platform/request-log.ts'
import { healthRoutes } from './platform/health.ts'
import { contractRoutes } from './platform/reference.ts'
import type { Account, ApiDeps, ApiEnv, ErrorField } from './platform/context.ts'
import { ApiError, handleError, MESSAGES } from './platform/errors.ts'
import { taskRoutes, TASK_UPLOAD_PATHS } from './tasks/routes.ts'
import { testHookRoutes } from './test-hooks/routes.ts'
import { userRoutes } from './users/routes.ts'
import { RESOURCE_UPLOAD_PATH, resourceRoutes } from './resources/routes.ts'
import { announcementRoutes } from './announcements/routes.ts'
import { certificateRoutes } from './certificates/routes.ts'
import { reportCardRoutes } from './report-cards/routes.ts'
import { qaRoutes, templateDeleteRoutes } from './qa/routes.ts'
import { quizRoutes } from './quizzes/routes.ts'
import { roomRoutes } from './rooms/routes.ts'
import { scheduleRoutes, schedulesRoutes } from './schedules/routes.ts'
import { scheduleTestHookRoutes } from './schedules/test-hooks.ts'
import { reminderRoutes, reminderTestHookRoutes } from './reminders/routes.ts'

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
	setSessionLookup(deps.db, sessionState)
	watchSessionChanges(deps.db)
	const app = new OpenAPIHono<ApiEnv>().basePath(API_BASE)
	app.use('*', requestLog())
	// A call that ended a session answers once this process heard it back (decision 068).
	app.use('*', async (_c, next) => {
		await next()
		await changesHeard()
	})

	// Spec section 8: the client reads organization registration's errors from `error`. Set
	// before the body limit so that its 413 follows the rule too.
	app.use('/organizations/register', answerErrorsIn('error'))
	app.use('/schedule/create', answerErrorsIn('error'))
	app.use(
		'*',
		limitBodies(new RegExp(`${TASK_UPLOAD_PATHS.source}|${RESOURCE_UPLOAD_PATH.source}`)),
	)

	app.route('/health', healthRoutes(deps))
	// Before the domains: their `/:studentId`-style paths would otherwise take `/export`.
	app.route('/', exportRoutes(deps))
	app.route('/auth', authRoutes(deps, passwords))
	app.route('/sso', ssoRoutes(deps, passwords))
	app.route('/account/language', languageRoutes(deps))
	app.route('/account', accountRoutes(deps, passwords))
	// An organization's own areas, each its domain's (decision 060), before the organization's
	// own `/{id}`, which would take `departments`.
	app.route('/organizations', departmentRoutes(deps))
	app.route('/organizations', scoreRoutes(deps))
	app.route('/organizations', rosterRoutes(deps, passwords))
	app.route('/organizations', exportJobRoutes(deps))
	app.route('/organizations', organizationRoutes(deps, passwords))
	app.route('/users', userRoutes(deps))
	app.route('/files', fileRoutes(deps))
	app.route('/courses', courseRoutes(deps))
	app.route('/payments', paymentRoutes(deps))
	app.route('/tasks', taskRoutes(deps))
	app.route('/qa', qaRoutes(deps))
	app.route('/templates', templateDeleteRoutes(deps))
	app.route('/test', quizRoutes(deps))
	app.route('/rooms', roomRoutes(deps))
	app.route('/schedule', scheduleRoutes(deps))
	app.route('/schedules', schedulesRoutes(deps))
	app.route('/resources', resourceRoutes(deps))
	app.route('/announcements', announcementRoutes(deps))
	app.route('/certificates', certificateRoutes(deps))
	app.route('/report-cards', reportCardRoutes(deps))
	if (deps.config.devOutbox) app.route('/dev/outbox', devOutboxRoutes(deps))
	app.route('/calendar', calendarRoutes(deps))
	app.route('/reminders', reminderRoutes(deps))
	if (deps.config.testHooks) app.route('/__test', testHookRoutes(deps))
	if (deps.config.testHooks) app.route('/__test', scheduleTestHookRoutes(deps))
	if (deps.config.testHooks) app.route('/__test', reminderTestHookRoutes(deps))

	// Last, so that the document holds every declared route.
	app.route('/', contractRoutes(app, deps.config))

	// An error answer without Accept-Language speaks the signed-in account's language (decision 067).
	const accountLanguage = (account: Account) =>
		spokenLanguage(deps.db, {
			accountType: account.role === 'organization' ? 'organization' : 'user',
			accountId: account.id,
		})
	app.notFound((c) => handleError(new ApiError(404, MESSAGES.notFound), c, accountLanguage))
	app.onError((error, c) => handleError(error, c, accountLanguage))
	return app
}

export type { ApiConfig, ApiDeps } from './platform/context.ts'
