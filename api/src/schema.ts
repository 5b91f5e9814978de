import type { ColumnType, Generated } from 'kysely'

export type UserRole = 'student' | 'tutor'
export type AccountType = 'user' | 'organization'
export const ORGANIZATION_TYPES = [
	'school',
	'tutoring_center',
	'university',
	'company',
	'other',
] as const
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number]

/** The `users.profile` jsonb: role fields, each absent until first set. */
export type RoleFields = {
	gradeLevel?: string | null
	dateOfBirth?: string | null
	guardianName?: string | null
	subjects?: string[]
	qualifications?: string | null
	experienceYears?: number | null
}

type CreatedAt = ColumnType<Date, never, never>
// jsonb goes in as a JSON string: node-postgres would send a top-level array as a Postgres array.
type Json<T> = ColumnType<T, string, string>

export interface OrganizationsTable {
	id: Generated<string>
	email: string
	password_hash: string
	name: string
	type: OrganizationType
	country: string
	phone: string | null
	address: string | null
	website: string | null
	description: string | null
	logo: string | null
	created_at: CreatedAt
}

export interface UsersTable {
	id: Generated<string>
	role: UserRole
	email: string
	password_hash: string
	first_name: string
	last_name: string
	phone: string | null
	bio: string | null
	profile: Json<RoleFields>
	profile_picture: string | null
	organization_id: string | null
	created_at: CreatedAt
}

export interface RefreshTokensTable {
	token_hash: string
	account_id: string
	account_type: AccountType
	expires_at: Date
	revoked_at: Date | null
	created_at: CreatedAt
}

export interface FilesTable {
	key: string
	owner_id: string
	owner_type: AccountType
	content_type: string
	size: number
	original_name: string | null
	created_at: CreatedAt
}

export interface CoursesTable {
	id: Generated<string>
	tutor_id: string | null
	organization_id: string | null
	title: string
	is_published: Generated<boolean>
	created_at: CreatedAt
}

export interface EnrollmentsTable {
	course_id: string
	student_id: string
	created_at: CreatedAt
}

export interface SchemaMigrationsTable {
	name: string
	applied_at: CreatedAt
}

export interface Database {
	organizations: OrganizationsTable
	users: UsersTable
	refresh_tokens: RefreshTokensTable
	files: FilesTable
	courses: CoursesTable
	enrollments: EnrollmentsTable
	schema_migrations: SchemaMigrationsTable
}
