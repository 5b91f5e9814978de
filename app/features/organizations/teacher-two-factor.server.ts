import { t } from '@lingui/core/macro'
import { z } from 'zod'
import { EVERY_SESSION } from '~/platform/upstream-cache.server'
import type { Upstream } from '~/platform/upstream.server'

// The organization's requirement of two-factor sign-in for its teachers (decision 037).

const requirementPath = (organizationId: string) =>
	`/organizations/${encodeURIComponent(organizationId)}/teacher-two-factor`

const requirementSchema = z.object({ teachersNeedTwoFactor: z.boolean() })

export async function getTeacherTwoFactor(api: Upstream, organizationId: string) {
	const { teachersNeedTwoFactor } = await api.get(requirementPath(organizationId), {
		schema: requirementSchema,
		fallback: t`Failed to fetch the two-factor setting`,
		cache: false,
	})
	return teachersNeedTwoFactor
}

export function setTeacherTwoFactor(
	api: Upstream,
	organizationId: string,
	teachersNeedTwoFactor: boolean,
) {
	return api.send('PUT', requirementPath(organizationId), {
		json: { teachersNeedTwoFactor },
		schema: requirementSchema.extend({ message: z.string() }),
		fallback: t`Failed to save the two-factor setting`,
		// Its teachers without two-factor are held from their next page, cached or not (decision 056).
		invalidates: [EVERY_SESSION],
	})
}
