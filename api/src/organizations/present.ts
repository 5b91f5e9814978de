import type { Selectable } from 'kysely'
import { fileUrl } from '../files/store.ts'
import type { z } from 'zod'
import type { OrganizationsTable } from '../schema.ts'
import type { organizationAccount } from './schemas.ts'

export const ORGANIZATION_COLUMNS = [
	'id',
	'email',
	'name',
	'type',
	'country',
	'phone',
	'address',
	'website',
	'description',
	'logo',
	'created_at',
] as const

export type OrganizationRow = Pick<
	Selectable<OrganizationsTable>,
	(typeof ORGANIZATION_COLUMNS)[number]
>

/** The README's Organization account. */
export function toOrganization(row: OrganizationRow): z.input<typeof organizationAccount> {
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
export function toPublicOrganization(row: OrganizationRow) {
	const { email: _email, phone: _phone, address: _address, ...rest } = toOrganization(row)
	return rest
}
