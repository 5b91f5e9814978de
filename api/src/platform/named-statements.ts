import type pg from 'pg'

/**
 * Named prepared statements for PostgreSQL (decision 076): PostgreSQL parses and plans a named
 * statement once per connection and keeps the plan, where an unnamed one is parsed and planned at
 * every call. `namingStatements(pool)` makes every client of the pool send a statement with
 * parameters under a name of its text (`{ name, text, values }`), with two bounds:
 *
 * - **A bounded set**: the first MAX_NAMED distinct texts a process sends get names (a counter, kept
 *   in a Map: a call costs one lookup); past them a text runs unnamed as before. Texts that vary
 *   with a list's length (`in ($1, $2, …)`) cannot grow the set without bound, and a connection
 *   holds at most MAX_NAMED prepared statements.
 * - **Outside transactions only**: a statement prepared before a migration that changes its table
 *   (a column added under `select *`, a column's type changed) fails with "cached plan must not
 *   change result type" (SQLSTATE 0A000). Outside a transaction the client deallocates it and runs
 *   the call again, so a rolling deploy never fails a call; inside one the error would abort the
 *   transaction, so a transaction's statements run unnamed and cannot meet it.
 *
 * Statements without parameters (begin, commit, DDL, a migration's many statements in one text)
 * keep pg's simple protocol.
 */
export const MAX_NAMED = 300

// Texts seen, with their names ('' for a text that stays unnamed: see ARBITER_WHERE).
const names = new Map<string, string>()
let named = 0

/**
 * `on conflict (…) where …`: PostgreSQL picks the partial unique index that settles a conflict
 * from the WHERE's values. After five calls a prepared statement may run a generic plan, which
 * does not know its parameters' values, and then finds no index ("there is no unique or exclusion
 * constraint matching the ON CONFLICT specification"): such texts stay unnamed.
 */
const ARBITER_WHERE = /\bon conflict\s*\((?:[^()]|\([^()]*\))*\)\s*where\b/i

/** The name a text runs under, or undefined past the bound or for a text that stays unnamed. */
export function statementName(text: string): string | undefined {
	const known = names.get(text)
	if (known !== undefined) return known || undefined
	if (named >= MAX_NAMED) return undefined
	if (ARBITER_WHERE.test(text)) {
		if (names.size < 2 * MAX_NAMED) names.set(text, '')
		return undefined
	}
	named += 1
	const name = `tutorhub_${named}`
	names.set(text, name)
	return name
}

/** How many distinct texts this process has named (the tests read it). */
export const namedStatements = () => named

// 0A000: "cached plan must not change result type" (the table changed under the plan);
// 26000: the named statement is gone from the connection (DISCARD ALL, DEALLOCATE elsewhere).
const STALE = new Set(['0A000', '26000'])

type Query = (...args: unknown[]) => unknown

type ParsedStatements = { parsedStatements: Record<string, string> }

function naming(client: pg.PoolClient) {
	const query = client.query.bind(client) as Query
	const connection = (client as unknown as { connection: ParsedStatements }).connection
	const run = (name: string, text: string, values: unknown[]) =>
		query({ name, text, values }) as Promise<pg.QueryResult>
	const named = async (name: string, text: string, values: unknown[]) => {
		try {
			return await run(name, text, values)
		} catch (error) {
			const code = (error as { code?: string }).code
			if (!code || !STALE.has(code) || client.getTransactionStatus() !== 'I') throw error
			// The plan kept on this connection no longer fits: forget it and prepare it again.
			delete connection.parsedStatements[name]
			await (query(`DEALLOCATE ${name}`) as Promise<unknown>).catch(() => {})
			return await run(name, text, values)
		}
	}
	;(client as { query: Query }).query = (...args: unknown[]) => {
		const [text, values] = args
		if (
			args.length === 2 &&
			typeof text === 'string' &&
			Array.isArray(values) &&
			values.length > 0 &&
			client.getTransactionStatus() === 'I'
		) {
			const name = statementName(text)
			if (name) return named(name, text, values)
		}
		return query(...args)
	}
}

/** Makes the pool's clients name their statements (see above). */
export function namingStatements(pool: pg.Pool) {
	pool.on('connect', naming)
}
