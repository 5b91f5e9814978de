import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Db } from '../src/db.ts'
import { MAX_NAMED, namedStatements } from '../src/platform/named-statements.ts'
import { openTestDatabase, type TestDatabase } from './helpers.ts'

// Named prepared statements (decision 076) are PostgreSQL's: PGlite runs its statements as before.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

let db: Db
let database: TestDatabase
beforeAll(async () => {
	database = await openTestDatabase()
	db = database.db
})
afterAll(() => database?.drop())

type Prepared = { statement: string; generic_plans: string; custom_plans: string }
const preparedOn = async (conn: Db, like: string) =>
	(
		await sql<Prepared>`SELECT statement, generic_plans::text, custom_plans::text
			FROM pg_prepared_statements WHERE statement LIKE ${like} AND NOT from_sql`.execute(conn)
	).rows

const byId = (conn: Db, table: string, id: number) =>
	sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} WHERE id = ${id}`.execute(conn)

describe.skipIf(!onPostgres)('named prepared statements on PostgreSQL', () => {
	test('a statement repeated on a connection is prepared there once and reused', async () => {
		await sql`CREATE TABLE np_once (id int PRIMARY KEY, label text)`.execute(db)
		await sql`INSERT INTO np_once VALUES (1, 'one'), (2, 'two')`.execute(db)
		await db.connection().execute(async (conn) => {
			for (let i = 0; i < 8; i++) {
				const { rows } = await byId(conn, 'np_once', 1 + (i % 2))
				expect(rows).toEqual([{ id: 1 + (i % 2), label: i % 2 ? 'two' : 'one' }])
			}
			const prepared = await preparedOn(conn, '%np_once%')
			// One statement, planned for all 8 calls (PostgreSQL's custom plans first, then generic).
			expect(prepared).toHaveLength(1)
			expect(Number(prepared[0]!.generic_plans) + Number(prepared[0]!.custom_plans)).toBe(8)
		})
	})

	test('a table changed under a prepared statement: the next call answers with its new shape', async () => {
		await sql`CREATE TABLE np_altered (id int PRIMARY KEY, label text)`.execute(db)
		await sql`INSERT INTO np_altered VALUES (1, 'one')`.execute(db)
		await db.connection().execute(async (conn) => {
			expect((await byId(conn, 'np_altered', 1)).rows).toEqual([{ id: 1, label: 'one' }])
			expect(await preparedOn(conn, '%np_altered%')).toHaveLength(1)
			// Another connection migrates, as another process's migration would.
			await sql`ALTER TABLE np_altered ADD COLUMN note text DEFAULT 'new'`.execute(db)
			expect((await byId(conn, 'np_altered', 1)).rows).toEqual([
				{ id: 1, label: 'one', note: 'new' },
			])
			await sql`ALTER TABLE np_altered ALTER COLUMN label TYPE int USING length(label)`.execute(db)
			expect((await byId(conn, 'np_altered', 1)).rows).toEqual([{ id: 1, label: 3, note: 'new' }])
			// Prepared again under its name: still one statement on the connection.
			expect(await preparedOn(conn, '%np_altered%')).toHaveLength(1)
			// Inside a transaction statements run unnamed, so the change cannot abort one.
			await sql`ALTER TABLE np_altered DROP COLUMN note`.execute(db)
			await sql`BEGIN`.execute(conn)
			expect((await byId(conn, 'np_altered', 1)).rows).toEqual([{ id: 1, label: 3 }])
			await sql`COMMIT`.execute(conn)
			expect((await byId(conn, 'np_altered', 1)).rows).toEqual([{ id: 1, label: 3 }])
		})
	})

	test('concurrent calls on the pool, across a change of the table, all answer', async () => {
		await sql`CREATE TABLE np_pool (id int PRIMARY KEY, label text)`.execute(db)
		await sql`INSERT INTO np_pool SELECT i, 'n' || i FROM generate_series(1, 40) i`.execute(db)
		const all = () => Promise.all(Array.from({ length: 40 }, (_, i) => byId(db, 'np_pool', i + 1)))
		for (const [i, { rows }] of (await all()).entries())
			expect(rows).toEqual([{ id: i + 1, label: `n${i + 1}` }])
		await sql`ALTER TABLE np_pool ADD COLUMN extra int DEFAULT 7`.execute(db)
		for (const [i, { rows }] of (await all()).entries())
			expect(rows).toEqual([{ id: i + 1, label: `n${i + 1}`, extra: 7 }])
	})

	test('an insert whose conflict names a partial index by values stays unnamed and keeps working', async () => {
		await sql`CREATE TABLE np_partial (id serial PRIMARY KEY, who int, status text)`.execute(db)
		await sql`CREATE UNIQUE INDEX np_partial_open ON np_partial (who) WHERE status = 'open'`.execute(
			db,
		)
		await db.connection().execute(async (conn) => {
			// A generic plan (tried from the sixth call) knows no value for the WHERE's parameter and
			// so no partial index: named, this insert failed from then on.
			for (let i = 0; i < 10; i++)
				await sql`INSERT INTO np_partial (who, status) VALUES (${i % 3}, ${'open'})
					ON CONFLICT (who) WHERE status = ${'open'} DO NOTHING`.execute(conn)
			expect(await preparedOn(conn, '%np_partial%')).toEqual([])
		})
		const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM np_partial`.execute(db)
		expect(rows).toEqual([{ n: 3 }])
	})

	test('past the bound a text runs unnamed: a connection holds at most the bound', async () => {
		await db.connection().execute(async (conn) => {
			for (let i = 0; i < MAX_NAMED + 50; i++) {
				const { rows } = await sql<{
					n: number
				}>`SELECT ${sql.lit(i)}::int + ${1}::int AS n /* np_bound */`.execute(conn)
				expect(rows).toEqual([{ n: i + 1 }])
			}
			expect(namedStatements()).toBe(MAX_NAMED)
			const prepared = await preparedOn(conn, '%np_bound%')
			expect(prepared.length).toBeGreaterThan(0)
			expect(prepared.length).toBeLessThanOrEqual(MAX_NAMED)
		})
	})
})
