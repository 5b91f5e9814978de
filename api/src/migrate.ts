import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import type { Db } from './db.ts'

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url))
const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.sql$/
// Two API instances starting against one PostgreSQL take turns instead of both migrating.
const MIGRATION_LOCK = 7_340_001

/** Runs each `NNN_name.sql` not yet recorded, in order, each in its own transaction. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
	await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
		name text PRIMARY KEY,
		applied_at timestamptz NOT NULL DEFAULT now()
	)`.execute(db)
	const names = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort()
	const applied: string[] = []
	for (const name of names) {
		const script = await readFile(join(dir, name), 'utf8')
		const ran = await db.transaction().execute(async (trx) => {
			// A migration may rewrite a large table, and the next API waits here for the first's:
			// the pool's statement and lock timeouts are for requests, not for these.
			await sql`SET LOCAL statement_timeout = 0`.execute(trx)
			await sql`SET LOCAL lock_timeout = 0`.execute(trx)
			await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx)
			const done = await trx
				.selectFrom('schema_migrations')
				.select('name')
				.where('name', '=', name)
				.executeTakeFirst()
			if (done) return false
			await sql.raw(script).execute(trx)
			await trx.insertInto('schema_migrations').values({ name }).execute()
			return true
		})
		if (ran) applied.push(name)
	}
	return applied
}
