import { Hono } from 'hono'
import { endRecoveryWait, revokeAllSessions } from '../auth/repository.ts'
import { findOrganizationByEmail } from '../organizations/repository.ts'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { readJsonBody } from '../platform/json.ts'
import { body, email } from '../platform/validation.ts'
import { findUserByEmail } from '../users/repository.ts'

/** Calls that let end-to-end tests reach states a browser cannot (API_TEST_HOOKS=1 only). */
export function testHookRoutes({ db }: ApiDeps) {
	return (
		new Hono<ApiEnv>()
			.post('/revoke-refresh-tokens', async (c) => {
				const { email: address } = await readJsonBody(c, body({ email }))
				const [user, organization] = await Promise.all([
					findUserByEmail(db, address),
					findOrganizationByEmail(db, address),
				])
				let revoked = 0
				if (user)
					revoked += await revokeAllSessions(db, { accountType: 'user', accountId: user.id })
				if (organization) {
					revoked += await revokeAllSessions(db, {
						accountType: 'organization',
						accountId: organization.id,
					})
				}
				return c.json({ revoked })
			})
			// A request to turn two-factor off has waited its three days (decision 053).
			.post('/two-factor-recovery/elapse', async (c) => {
				const { email: address } = await readJsonBody(c, body({ email }))
				const user = await findUserByEmail(db, address)
				if (!user) return c.json({ elapsed: 0 })
				const result = await endRecoveryWait(db, { accountType: 'user', accountId: user.id })
				return c.json({ elapsed: Number(result.numUpdatedRows) })
			})
	)
}
