import type { z } from 'zod'
import { fileUrl } from '../files/present.ts'
import type { organization, publicOrganization } from './schemas.ts'
import type { OrganizationRow } from './repository.ts'

/** The README's Organization account. */
export function toOrganization(row: OrganizationRow): z.input<typeof organization> {
	return {
		id: row.id,
		role: 'organization',
		email: row.email,
		name: row.name,
		type: row.type,
		country: row.country,
		phone: row.phone,
		address: row.address,
		website: row.website,
		description: row.description,
		logo: fileUrl(row.logo),
		createdAt: row.created_at.toISOString(),
	}
}

/** What the public directory shows: no email, phone or address. */
export function toPublicOrganization(row: OrganizationRow): z.input<typeof publicOrganization> {
	const { email: _email, phone: _phone, address: _address, ...rest } = toOrganization(row)
	return rest
}
