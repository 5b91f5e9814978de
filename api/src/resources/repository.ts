import { sql, type Insertable } from 'kysely'
import type { Db } from '../db.ts'
import { rowsAndTotal, type Page } from '../platform/pagination.ts'
import type { ResourcesTable } from '../schema.ts'
import type { ResourceQuery } from './schemas.ts'

const withTeacher = (db: Db) =>
	db
		.selectFrom('resources')
		.innerJoin('users', 'users.id', 'resources.tutor_id')
		.selectAll('resources')
		.select(['users.first_name as tutor_first_name', 'users.last_name as tutor_last_name'])

/** `%` and `_` typed by a user are searched for, not used as wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

export async function listResources(db: Db, query: ResourceQuery, page: Page) {
	let filtered = db.selectFrom('resources')
	if (query.search) {
		const pattern = likePattern(query.search)
		filtered = filtered.where((eb) =>
			eb.or([eb('title', 'ilike', pattern), eb('description', 'ilike', pattern)]),
		)
	}
	if (query.subject && query.subject.toLowerCase() !== 'all') {
		filtered = filtered.where(sql<boolean>`lower(subject) = ${query.subject.toLowerCase()}`)
	}
	if (query.type !== 'all') filtered = filtered.where('resource_type', '=', query.type)

	const ids = filtered.select('resources.id')
	return rowsAndTotal(
		page,
		withTeacher(db)
			.where('resources.id', 'in', ids)
			.orderBy('resources.created_at', 'desc')
			.orderBy('resources.id')
			.limit(page.limit)
			.offset(page.offset)
			.execute(),
		() => filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
	)
}

/** Every subject in the library once, for the subject filter. */
export async function listSubjects(db: Db) {
	const rows = await db
		.selectFrom('resources')
		.select(sql<string>`min(subject)`.as('subject'))
		.groupBy(sql`lower(subject)`)
		.orderBy(sql`lower(subject)`)
		.execute()
	return rows.map((row) => row.subject)
}

export const findResource = (db: Db, id: string) =>
	withTeacher(db).where('resources.id', '=', id).executeTakeFirst()

export const insertResource = async (db: Db, values: Insertable<ResourcesTable>) => {
	const { id } = await db
		.insertInto('resources')
		.values(values)
		.returning('id')
		.executeTakeFirstOrThrow()
	return id
}

export const deleteResource = (db: Db, id: string) =>
	db.deleteFrom('resources').where('id', '=', id).execute()
