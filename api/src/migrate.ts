import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import type { Db } from './db.ts'

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url))
const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.sql$/
// API processes starting together on one PostgreSQL (and `npm run migrate`) take turns.
const MIGRATION_LOCK = 7_340_001

export type MigrateOptions = {
	dir?: string
	/** Runs after the migrations, still under the lock: the demo seed. */
	afterwards?: (db: Db) => Promise<void>
}

/**
 * Runs each `NNN_name.sql` not yet recorded, in order, each in its own transaction, then
 * `afterwards`. One session-level advisory lock covers the whole run, the migrations table's
 * creation and the seed included: several processes starting at once on an empty database wait
 * for the first instead of creating the same table or the same demo rows side by side
 * (docs/decisions/032). The lock is held by one connection, so it goes if that process dies.
 */
export async function migrate(
	db: Db,
	{ dir = MIGRATIONS_DIR, afterwards }: MigrateOptions = {},
): Promise<string[]> {
	const names = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort()
	return db.connection().execute(async (conn) => {
		// A migration may rewrite a large table, and the next API waits here for the first's: the
		// pool's statement and lock timeouts (DATABASE_STATEMENT_TIMEOUT_MS) are for requests.
		await sql`SET statement_timeout = 0`.execute(conn)
		await sql`SET lock_timeout = 0`.execute(conn)
		await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn)
		try {
			await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
				name text PRIMARY KEY,
				applied_at timestamptz NOT NULL DEFAULT now()
			)`.execute(conn)
			const done = new Set(
				(await conn.selectFrom('schema_migrations').select('name').execute()).map(
					(row) => row.name,
				),
			)
			const applied: string[] = []
			for (const name of names.filter((name) => !done.has(name))) {
				const script = await readFile(join(dir, name), 'utf8')
				await conn.transaction().execute(async (trx) => {
					await sql.raw(script).execute(trx)
					await trx.insertInto('schema_migrations').values({ name }).execute()
				})
				applied.push(name)
			}
			await afterwards?.(conn)
			return applied
		} finally {
			await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn)
			// Back to the pool with the timeouts it was opened with.
			await sql`RESET statement_timeout`.execute(conn)
			await sql`RESET lock_timeout`.execute(conn)
		}
	})
}
