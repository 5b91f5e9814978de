import { Hono } from 'hono'
import { z } from 'zod'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { readJsonBody } from '../platform/json.ts'
import { accountGuard } from '../platform/require-account.ts'
import { body } from '../platform/validation.ts'
import { ownOrganization } from './access.ts'

const requirement = body({ teachersNeedTwoFactor: z.boolean() })

/**
 * Whether the organization's teachers must sign in with two-factor (issue 29, decision 037):
 * read and set by the organization itself. The API enforces it (platform/require-account.ts).
 */
export function teacherTwoFactorRoutes(deps: ApiDeps) {
	const { db } = deps
	const requireAccount = accountGuard(deps)
	return new Hono<ApiEnv>()
		.get('/:id/teacher-two-factor', requireAccount({ roles: ['organization'] }), async (c) => {
			const organization = await ownOrganization(db, c)
			const row = await db
				.selectFrom('organizations')
				.select('teachers_need_two_factor')
				.where('id', '=', organization.id)
				.executeTakeFirstOrThrow()
			return c.json({ teachersNeedTwoFactor: row.teachers_need_two_factor })
		})
		.put('/:id/teacher-two-factor', requireAccount({ roles: ['organization'] }), async (c) => {
			const organization = await ownOrganization(db, c)
			const { teachersNeedTwoFactor } = await readJsonBody(c, requirement)
			await db
				.updateTable('organizations')
				.set({ teachers_need_two_factor: teachersNeedTwoFactor })
				.where('id', '=', organization.id)
				.execute()
			return c.json({
				message: teachersNeedTwoFactor
					? 'Your teachers now need two-factor sign-in. Those without it set it up when they next open TutorHub.'
					: 'Your teachers no longer need two-factor sign-in.',
				teachersNeedTwoFactor,
			})
		})
}
