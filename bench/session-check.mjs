// What one API call's session check costs (decision 068): read from PostgreSQL over TCP, over its
// Unix socket, and remembered. CPU of the API (this process) and of PostgreSQL (its processes,
// from /proc) per check, 20,000 checks of one token after 500 to warm up, on a throwaway cluster.
// Run: node bench/session-check.mjs
import { startTempPostgres } from '../scripts/temp-postgres.mjs'
import { openDatabase } from '../api/src/db.ts'
import { migrate } from '../api/src/migrate.ts'
import {
	authenticateCaller,
	setSessionLookup,
	signAccessToken,
} from '../api/src/platform/access-tokens.ts'
import { watchSessionChanges } from '../api/src/platform/session-cache.ts'
import { sessionState } from '../api/src/auth/refresh-tokens.ts'
import { log } from '../api/src/platform/log.ts'
import { readdirSync, readFileSync } from 'node:fs'
const tick = 100
function pgCpu(root) {
	let total = 0
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue
		try {
			const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
			if (Number(name) === root || Number(fields[1]) === root)
				total += Number(fields[11]) + Number(fields[12])
		} catch {
			// A process that ended meanwhile.
		}
	}
	return total / tick
}
log.level = 'silent'
const server = await startTempPostgres()
const secret = 'x'.repeat(40)
for (const [label, url, cached] of [
	['TCP, read every call', server.url, false],
	['socket, read every call', server.socketUrl, false],
	['remembered', server.url, true],
]) {
	const db = await openDatabase({ url })
	await migrate(db)
	setSessionLookup(db, sessionState)
	if (cached) watchSessionChanges(db)
	const { id } = await db
		.insertInto('auth_sessions')
		.values({
			account_id: crypto.randomUUID(),
			account_type: 'user',
			expires_at: new Date(Date.now() + 3600e3),
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	const token = await signAccessToken(
		{ id: crypto.randomUUID(), role: 'student', orgId: null },
		id,
		secret,
		900,
	)
	await new Promise((r) => setTimeout(r, 500))
	for (let i = 0; i < 500; i++)
		await authenticateCaller(token, { db, config: { jwtSecret: secret } })
	const n = 20000
	const cpu = process.cpuUsage()
	const pgBefore = pgCpu(server.pid)
	const t = performance.now()
	for (let i = 0; i < n; i++) await authenticateCaller(token, { db, config: { jwtSecret: secret } })
	const used = process.cpuUsage(cpu)
	const pg = pgCpu(server.pid) - pgBefore
	console.log(
		label,
		'per check: wall',
		(((performance.now() - t) * 1000) / n).toFixed(1),
		'µs, API CPU',
		((used.user + used.system) / n).toFixed(1),
		'µs, PostgreSQL CPU',
		((pg * 1e6) / n).toFixed(1),
		'µs',
	)
	await db.destroy()
}
await server.stop()
