import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { welcomeNewAccount } from '../account/mails.ts'
import { removeFile, storeImage } from '../files/store.ts'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError, isUniqueViolation } from '../platform/errors.ts'
import { readOptionalImage } from '../platform/images.ts'
import type { Passwords } from '../platform/passwords.ts'
import { toOrganization } from './present.ts'
import { findOrganizationByEmail, insertOrganization } from './repository.ts'
import type { organizationRegistrationForm } from './schemas.ts'

// Signing an organization up (moved from organizations/routes.ts, decision 060).

export const DUPLICATE = 'An organization with this email already exists'

/**
 * A new organization with its logo, if it sent one, and its first verification mail; 409 when the
 * email is taken. A logo stored for a sign-up that then fails is removed.
 */
export async function registerOrganization(
	deps: ApiDeps,
	passwords: Passwords,
	form: z.output<typeof organizationRegistrationForm>,
) {
	const { db } = deps
	const { password, logo: logoField, ...fields } = form
	const logo = await readOptionalImage(logoField, 'logo')
	// Checked first so a duplicate does not pay for hashing; the unique index settles races.
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
			email_verified_at: null,
		})
		welcomeNewAccount(deps, { accountType: 'organization', accountId: organization.id })
		return {
			message: 'Organization created successfully!',
			id: organization.id,
			organization: toOrganization(organization),
		}
	} catch (error) {
		if (logoKey) await removeFile(deps, logoKey)
		if (isUniqueViolation(error)) throw new ApiError(409, DUPLICATE)
		throw error
	}
}
