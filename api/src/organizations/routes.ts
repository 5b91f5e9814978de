import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import type { Passwords } from '../auth/passwords.ts'
import { removeFile, storeImage } from '../files/store.ts'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, isUniqueViolation } from '../platform/errors.ts'
import { readForm } from '../platform/forms.ts'
import { readOptionalImage } from '../platform/images.ts'
import { validate } from '../platform/validation.ts'
import { toOrganization } from './present.ts'
import { findOrganizationByEmail, insertOrganization } from './repository.ts'
import { organizationRegistration } from './schemas.ts'

const DUPLICATE = 'An organization with this email already exists'

/** Organization calls; `app.ts` has their errors answered in `error`. */
export function organizationRoutes(deps: ApiDeps, passwords: Passwords) {
	const { db } = deps

	return new Hono<ApiEnv>().post('/register', async (c) => {
		const form = await readForm(c)
		const { password, ...fields } = validate(organizationRegistration, form)
		const logo = await readOptionalImage(form.logo, 'logo')
		if (await findOrganizationByEmail(db, fields.email)) throw new ApiError(409, DUPLICATE)

		const id = randomUUID()
		const passwordHash = await passwords.hash(password)
		const logoKey = logo ? await storeImage(deps, { id, type: 'organization' }, logo) : null
		try {
			const organization = await insertOrganization(db, {
				...fields,
				id,
				password_hash: passwordHash,
				phone: fields.phone ?? null,
				address: fields.address ?? null,
				website: fields.website ?? null,
				description: fields.description ?? null,
				logo: logoKey,
			})
			return c.json(
				{
					message: 'Organization created successfully!',
					id: organization.id,
					organization: toOrganization(organization),
				},
				201,
			)
		} catch (error) {
			if (logoKey) await removeFile(deps, logoKey)
			if (isUniqueViolation(error)) throw new ApiError(409, DUPLICATE)
			throw error
		}
	})
}
