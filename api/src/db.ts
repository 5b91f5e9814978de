import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { pgliteDialect } from './pglite-dialect.ts'
import { log } from './platform/log.ts'
import type { Database } from './schema.ts'

export type Db = Kysely<Database>

/** Whether the database answers: `select 1` (the health check's). */
export const pingDatabase = (db: Db) => sql`select 1`.execute(db)

// The PostgreSQL pool behind a database, for its /metrics gauges.
const pools = new WeakMap<Db, pg.Pool>()

// SQL statements run by this process, for /metrics (api_db_statements_total): the bench reads it
// around each page to show that a page's statements stay the same as the data grows (issue 28).
let statements = 0
export const statementsRun = () => statements
const countStatement = () => {
	statements += 1
}

/** PostgreSQL's pool under a database opened with a URL; none for PGlite. */
export const databasePool = (db: Db): pg.Pool | undefined => pools.get(db)

export type DatabaseLocation =
	/**
	 * `timeoutMs` bounds each statement, each lock wait and each connection attempt, so a held
	 * lock or a database gone away answers a 503 within it instead of holding the request.
	 */
	| { url: string; timeoutMs?: number }
	/** `dataDir` unset keeps the database in memory (tests). */
	| { dataDir?: string }

/** PostgreSQL when a URL is given, else embedded PGlite. `db.destroy()` closes either. */
export async function openDatabase(location: DatabaseLocation): Promise<Db> {
	if ('url' in location) {
		const timeoutMs = location.timeoutMs || undefined
		const pool = new pg.Pool({
			connectionString: location.url,
			statement_timeout: timeoutMs,
			lock_timeout: timeoutMs,
			connectionTimeoutMillis: timeoutMs,
		})
		// An idle client losing its connection must not take the process down.
		pool.on('error', (error) => log.error({ err: error }, 'PostgreSQL pool error'))
		const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: countStatement })
		pools.set(db, pool)
		return db
	}
	if (location.dataDir) await mkdir(location.dataDir, { recursive: true })
	// pg_trgm: the catalogue search's trigram indexes (migration 017); PostgreSQL ships it too.
	const client = await PGlite.create({
		...(location.dataDir && { dataDir: location.dataDir }),
		extensions: { pg_trgm },
	})
	return new Kysely<Database>({ dialect: pgliteDialect(client), log: countStatement })
}
