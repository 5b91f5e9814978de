import { Hono } from 'hono'
import { revokeAllSessions } from '../auth/repository.ts'
import { findOrganizationByEmail } from '../organizations/repository.ts'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { readJsonBody } from '../platform/json.ts'
import { body, email } from '../platform/validation.ts'
import { findUserByEmail } from '../users/repository.ts'

/** Calls that let end-to-end tests reach states a browser cannot (API_TEST_HOOKS=1 only). */
export function testHookRoutes({ db }: ApiDeps) {
	return new Hono<ApiEnv>().post('/revoke-refresh-tokens', async (c) => {
		const { email: address } = await readJsonBody(c, body({ email }))
		const [user, organization] = await Promise.all([
			findUserByEmail(db, address),
			findOrganizationByEmail(db, address),
		])
		let revoked = 0
		if (user) revoked += await revokeAllSessions(db, { accountType: 'user', accountId: user.id })
		if (organization) {
			revoked += await revokeAllSessions(db, {
				accountType: 'organization',
				accountId: organization.id,
			})
		}
		return c.json({ revoked })
	})
}
