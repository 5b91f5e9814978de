import { readdirSync } from 'node:fs'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createPasswords } from '../src/platform/passwords.ts'
import type { Db } from '../src/db.ts'
import { migrate } from '../src/migrate.ts'
import { seedDemo } from '../src/seed.ts'
import { openTestDatabase, type TestDatabase } from './helpers.ts'

let db: Db
let database: TestDatabase
beforeAll(async () => {
	database = await openTestDatabase()
	db = database.db
})
afterAll(() => database.drop())

describe('migrations and seed', () => {
	test('migrations run once each, in order, and are recorded', async () => {
		const files = readdirSync(new URL('../migrations/', import.meta.url))
			.filter((name) => name.endsWith('.sql'))
			.sort()
		expect(files.slice(0, 2)).toEqual(['001_accounts.sql', '002_courses.sql'])
		expect(await migrate(db)).toEqual(files)
		expect(await migrate(db)).toEqual([])
		const recorded = await db
			.selectFrom('schema_migrations')
			.select('name')
			.orderBy('name')
			.execute()
		expect(recorded.map((row) => row.name)).toEqual(files)
	})

	test('the demo seed is idempotent', async () => {
		const passwords = createPasswords({ memoryCost: 4096, timeCost: 2 })
		const counts = async () =>
			(
				await sql<{ users: number; organizations: number; courses: number; enrollments: number }>`
					SELECT (SELECT count(*)::int FROM users) AS users,
						(SELECT count(*)::int FROM organizations) AS organizations,
						(SELECT count(*)::int FROM courses) AS courses,
						(SELECT count(*)::int FROM enrollments) AS enrollments`.execute(db)
			).rows[0]
		await seedDemo(db, passwords)
		const first = await counts()
		await seedDemo(db, passwords)
		expect(await counts()).toEqual(first)
		const users = await db.selectFrom('users').select('email').execute()
		expect(users.map((user) => user.email)).toEqual(
			expect.arrayContaining([
				'orgstudent@example.com',
				'student@example.com',
				'teacher@example.com',
			]),
		)
		expect(first?.organizations).toBe(1)
	})

	test('emails are stored lower-cased only', async () => {
		await expect(
			sql`INSERT INTO organizations (email, password_hash, name, type, country)
				VALUES ('Upper@Example.com', 'x', 'n', 'school', 'US')`.execute(db),
		).rejects.toThrow(/organizations_email_check/)
	})
})

describe('PGlite sessions', () => {
	test('concurrent transactions do not see or undo each other', async () => {
		await sql`CREATE TABLE counters (name text PRIMARY KEY)`.execute(db)
		const failing = db.transaction().execute(async (trx) => {
			await trx
				.insertInto('counters' as never)
				.values({ name: 'rolled-back' } as never)
				.execute()
			await new Promise((resolve) => setTimeout(resolve, 20))
			throw new Error('undo')
		})
		const committing = db.transaction().execute(async (trx) => {
			await trx
				.insertInto('counters' as never)
				.values({ name: 'kept' } as never)
				.execute()
		})
		const outside = sql`INSERT INTO counters VALUES ('outside')`.execute(db)
		await expect(failing).rejects.toThrow('undo')
		await committing
		await outside
		const rows = await sql<{ name: string }>`SELECT name FROM counters ORDER BY name`.execute(db)
		expect(rows.rows.map((row) => row.name)).toEqual(['kept', 'outside'])
	})
})
