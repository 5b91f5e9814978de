import type { createUpstream } from '~/platform/upstream.server'
import { organizationCreatedSchema, type OrganizationSignup } from './schema'

type Upstream = ReturnType<typeof createUpstream>

/** POST /organizations/register is multipart (the logo); its failures carry the `error` field. */
export function registerOrganization(api: Upstream, { confirmPassword: _, logo, ...fields }: OrganizationSignup) {
	const form = new FormData()
	for (const [key, value] of Object.entries(fields)) {
		if (value !== undefined) form.set(key, value)
	}
	if (logo && logo.size > 0) form.set('logo', logo)
	return api.send('POST', '/organizations/register', {
		form,
		schema: organizationCreatedSchema,
		fallback: 'Failed to create organization',
		errorField: 'error',
	})
}
