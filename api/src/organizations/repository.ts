import type { Insertable } from 'kysely'
import type { Db } from '../db.ts'
import type { OrganizationsTable } from '../schema.ts'
import { ORGANIZATION_COLUMNS } from './present.ts'

export const findOrganizationByEmail = (db: Db, email: string) =>
	db
		.selectFrom('organizations')
		.select(ORGANIZATION_COLUMNS)
		.where('email', '=', email)
		.executeTakeFirst()

/** For sign-in only: the one read that includes the password hash. */
export const findOrganizationCredentials = (db: Db, email: string) =>
	db
		.selectFrom('organizations')
		.select([...ORGANIZATION_COLUMNS, 'password_hash'])
		.where('email', '=', email)
		.executeTakeFirst()

export const insertOrganization = (db: Db, organization: Insertable<OrganizationsTable>) =>
	db
		.insertInto('organizations')
		.values(organization)
		.returning(ORGANIZATION_COLUMNS)
		.executeTakeFirstOrThrow()
