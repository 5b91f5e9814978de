import { z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { readJsonBody } from '../platform/json.ts'
import { answers, ApiRoutes } from '../platform/openapi.ts'
import { accountGuard } from '../platform/require-account.ts'
import { body } from '../platform/validation.ts'
import { toReminder } from './present.ts'
import { standingReminders } from './repository.ts'
import { reminder } from './schemas.ts'
import { sweepReminders } from './sweep.ts'

/**
 * `GET /reminders`: the reminders given to the caller that still stand, for the dashboard (decision
 * 038), shown whatever the mail settings.
 */
export function reminderRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	return new ApiRoutes(config, 'reminders').endpoint(
		{
			method: 'get',
			path: '/',
			operationId: 'getReminders',
			summary: "The caller's reminders that still stand",
			middleware: requireAccount({ roles: ['student', 'tutor'] }),
			description:
				'A student or a teacher: the reminders given to the caller that still stand (`session`, `task` or `grading`), soonest first (decision 038); the notification kinds `sessionReminders`, `taskReminders` and `gradingReminders` switch their mails.',
			responses: answers({ 200: z.object({ reminders: z.array(reminder) }) }),
		},
		async (c) => {
			const rows = await standingReminders(db, c.get('account').id)
			return c.json({ reminders: rows.map(toReminder) }, 200)
		},
	)
}

/**
 * `POST /__test/reminders/sweep` (API_TEST_HOOKS=1 only): a sweep as if the clock said `at`;
 * answers how many reminders it gave and to whom it mailed them.
 */
export function reminderTestHookRoutes(deps: ApiDeps) {
	return new Hono<ApiEnv>().post('/reminders/sweep', async (c) => {
		const { at } = await readJsonBody(c, body({ at: z.iso.datetime({ offset: true }) }))
		const { given, mailedTo } = await sweepReminders(deps, new Date(at), { waitForLock: true })
		return c.json({ given, mailed: mailedTo.length, mailedTo })
	})
}
