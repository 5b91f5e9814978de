import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import type { Socket } from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { Kysely, PostgresDialect, sql, type Dialect } from 'kysely'
import pg from 'pg'
import { pgliteDialect } from './pglite-dialect.ts'
import { log } from './platform/log.ts'
import { namingStatements } from './platform/named-statements.ts'
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
		// Each statement text parsed and planned once per connection (decision 076).
		namingStatements(pool)
		const listeners = new Set<() => Promise<void>>()
		const db = new Kysely<Database>({
			dialect: closingToo(new PostgresDialect({ pool }), listeners),
			log: countStatement,
		})
		pools.set(db, pool)
		hearings.set(db, (channel, handlers) =>
			listeners.add(listenOverPostgres(location.url, timeoutMs, channel, handlers)),
		)
		return db
	}
	if (location.dataDir) await mkdir(location.dataDir, { recursive: true })
	// pg_trgm: the catalogue search's trigram indexes (migration 017); PostgreSQL ships it too.
	const client = await PGlite.create({
		...(location.dataDir && { dataDir: location.dataDir }),
		extensions: { pg_trgm },
	})
	const db = new Kysely<Database>({ dialect: pgliteDialect(client), log: countStatement })
	hearings.set(db, (channel, handlers) => void listenInPglite(db, client, channel, handlers))
	return db
}

/** What a listener is told: each notification's payload, and whether it hears them at all. */
export type NotificationHandlers = {
	notified: (payload: string) => void
	/**
	 * True once the process hears the channel; false when it may have missed one (its connection
	 * dropped, or could not be made: it tries again every second) and until it hears again.
	 */
	hearing: (hearing: boolean) => void
	/**
	 * PostgreSQL only: the listener has just heard its own beat back, so it heard everything sent
	 * before it (notifications come in order). Called every BEAT_MS while all is well.
	 */
	alive?: () => void
}

const hearings = new WeakMap<Db, (channel: string, handlers: NotificationHandlers) => void>()

/**
 * Hears NOTIFY on `channel` for as long as the database is open (`db.destroy()` stops it).
 * PostgreSQL: one connection of its own outside the pool, made again a second after it drops
 * (PostgreSQL restarted, the connection ended); PGlite: its in-process listen.
 */
export function listen(db: Db, channel: string, handlers: NotificationHandlers) {
	const start = hearings.get(db)
	if (!start) throw new Error('listen() needs a database opened by openDatabase')
	start(channel, handlers)
}

const RELISTEN_MS = 1000
/**
 * The listener asks itself for a notification this often, and counts as not hearing when one has
 * not come back within HEARD_WITHIN_MS: a connection gone quiet without closing (a half-open TCP
 * connection, a stalled server) is noticed within seconds, not at TCP keepalive's hours.
 */
const BEAT_MS = 1000
const HEARD_WITHIN_MS = 3000
const BEAT = 'beat:'

function listenOverPostgres(
	url: string,
	timeoutMs: number | undefined,
	channel: string,
	{ notified, hearing, alive }: NotificationHandlers,
): () => Promise<void> {
	let stopped = false
	// Said once when hearing stops, not at each attempt while PostgreSQL is away.
	let heard = false
	let current: pg.Client | undefined
	let retry: NodeJS.Timeout | undefined
	const connect = () => {
		const client = new pg.Client({
			connectionString: url,
			connectionTimeoutMillis: timeoutMs,
			keepAlive: true,
			// How an operator (and the tests) tell it apart in pg_stat_activity.
			application_name: `tutorhub-listen-${channel}`,
		})
		current = client
		let failed = false
		// Its own beats (a random mark per connection); other processes' beats are skipped too.
		const mark = `${BEAT}${randomUUID()}`
		let lastBeat = 0
		let beating: NodeJS.Timeout | undefined
		const fail = (error?: unknown) => {
			clearInterval(beating)
			if (failed) return
			failed = true
			hearing(false)
			if (current === client) current = undefined
			client.end().catch(() => {})
			if (stopped) return
			if (heard)
				log.warn({ err: error, channel }, 'Not hearing database notifications; trying again')
			heard = false
			retry = setTimeout(connect, RELISTEN_MS).unref()
		}
		client.on('notification', (message) => {
			if (message.channel !== channel) return
			const payload = message.payload ?? ''
			if (payload === mark) {
				lastBeat = Date.now()
				alive?.()
			} else if (!payload.startsWith(BEAT)) notified(payload)
		})
		const beat = () => {
			if (Date.now() - lastBeat > HEARD_WITHIN_MS) return fail(new Error('No beat heard back'))
			client.query('SELECT pg_notify($1, $2)', [channel, mark]).catch(fail)
		}
		client.on('error', fail)
		client.on('end', () => fail())
		client
			.connect()
			.then(() => {
				// The listener alone keeps no process alive (one whose start failed must still exit).
				;(client.connection.stream as Socket).unref()
				return client.query(`LISTEN ${channel}`)
			})
			.then(() => client.query('SELECT pg_notify($1, $2)', [channel, mark]))
			.then(() => {
				if (failed || stopped) return
				lastBeat = Date.now()
				beating = setInterval(beat, BEAT_MS).unref()
				heard = true
				hearing(true)
				alive?.()
			})
			.catch(fail)
	}
	connect()
	return async () => {
		stopped = true
		clearTimeout(retry)
		hearing(false)
		await current?.end().catch(() => {})
	}
}

async function listenInPglite(
	db: Db,
	client: PGlite,
	channel: string,
	{ notified, hearing }: NotificationHandlers,
) {
	// Through the dialect's connection, so that LISTEN runs between transactions, never inside
	// another caller's (a rollback would undo it).
	await db.connection().execute(() => client.listen(channel, notified))
	hearing(true)
}

/** The dialect, whose `destroy()` also ends the listeners' connections. */
function closingToo(dialect: PostgresDialect, listeners: Set<() => Promise<void>>): Dialect {
	return {
		createAdapter: () => dialect.createAdapter(),
		createIntrospector: (db) => dialect.createIntrospector(db),
		createQueryCompiler: () => dialect.createQueryCompiler(),
		createDriver: () => {
			const driver = dialect.createDriver()
			const destroy = driver.destroy.bind(driver)
			driver.destroy = async () => {
				await Promise.all([...listeners].map((stop) => stop()))
				await destroy()
			}
			return driver
		},
	}
}
