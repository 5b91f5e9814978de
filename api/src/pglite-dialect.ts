import { Mutex, type PGlite } from '@electric-sql/pglite'
import {
	CompiledQuery,
	PostgresAdapter,
	PostgresIntrospector,
	PostgresQueryCompiler,
	type DatabaseConnection,
	type Dialect,
	type Driver,
	type QueryResult,
} from 'kysely'

/**
 * Kysely dialect for PGlite. kysely-pglite hands every caller the same session, so two requests'
 * transactions would interleave (one request's statements landing inside the other's BEGIN).
 * This driver lends the single session to one caller at a time instead. Inside a transaction,
 * query through the transaction object only: a query on the outer `db` waits for it forever.
 */
export function pgliteDialect(client: PGlite): Dialect {
	return {
		createAdapter: () => new PostgresAdapter(),
		createDriver: () => new SerializedPGliteDriver(client),
		createIntrospector: (db) => new PostgresIntrospector(db),
		createQueryCompiler: () => new PostgresQueryCompiler(),
	}
}

class SerializedPGliteDriver implements Driver {
	readonly #client: PGlite
	readonly #session = new Mutex()
	readonly #releases = new WeakMap<DatabaseConnection, () => void>()

	constructor(client: PGlite) {
		this.#client = client
	}

	async init(): Promise<void> {}

	async acquireConnection(): Promise<DatabaseConnection> {
		const release = await this.#session.acquire()
		const connection = new PGliteConnection(this.#client)
		this.#releases.set(connection, release)
		return connection
	}

	async beginTransaction(connection: DatabaseConnection): Promise<void> {
		await connection.executeQuery(CompiledQuery.raw('BEGIN'))
	}

	async commitTransaction(connection: DatabaseConnection): Promise<void> {
		await connection.executeQuery(CompiledQuery.raw('COMMIT'))
	}

	async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
		await connection.executeQuery(CompiledQuery.raw('ROLLBACK'))
	}

	async releaseConnection(connection: DatabaseConnection): Promise<void> {
		this.#releases.get(connection)?.()
		this.#releases.delete(connection)
	}

	async destroy(): Promise<void> {
		await this.#client.close()
	}
}

class PGliteConnection implements DatabaseConnection {
	readonly #client: PGlite

	constructor(client: PGlite) {
		this.#client = client
	}

	async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
		// Like node-postgres, a query without parameters goes over the simple protocol, which is
		// what lets a migration file hold several statements.
		const result =
			query.parameters.length === 0
				? (await this.#client.exec(query.sql)).at(-1)
				: await this.#client.query<R>(query.sql, [...query.parameters])
		return {
			rows: (result?.rows ?? []) as R[],
			...(result?.affectedRows === undefined
				? {}
				: { numAffectedRows: BigInt(result.affectedRows) }),
		}
	}

	streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
		throw new Error('PGlite does not support streaming')
	}
}
