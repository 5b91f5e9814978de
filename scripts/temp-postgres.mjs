// A throwaway PostgreSQL cluster on loopback for tests: initdb into a temporary directory, start
// the server on 127.0.0.1 (no Unix socket outside that directory), answer its URL, and stop and
// remove it all on `stop()`. Given a `dataDir`, the cluster lives there instead: made by initdb only
// if it holds none yet, started on it as it is otherwise, and left in place on `stop()` (the
// data-scale bench keeps a generated school that way). Uses Debian's `postgresql` binaries (/usr/lib/postgresql/*/bin).
// As root (CI), the server runs as the `postgres` user, since PostgreSQL refuses to run as root.
import { spawn, spawnSync } from 'node:child_process'
import {
	chownSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
} from 'node:fs'
import { freePort } from './free-port.mjs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The newest installed PostgreSQL's bin directory, or null when none is installed. */
export function postgresBinDir() {
	const root = '/usr/lib/postgresql'
	if (!existsSync(root)) return null
	const versions = readdirSync(root)
		.filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a))
	return versions.length ? join(root, versions[0], 'bin') : null
}

/** The user the server runs as: ourselves, or `postgres` (else `nobody`) when we are root. */
function serverUser() {
	if (process.getuid?.() !== 0) return {}
	const passwd = readFileSync('/etc/passwd', 'utf8').split('\n')
	const entry =
		passwd.find((line) => line.startsWith('postgres:')) ??
		passwd.find((line) => line.startsWith('nobody:'))
	if (!entry)
		throw new Error('Running as root, and there is no postgres or nobody user to run PostgreSQL as')
	const [, , uid, gid] = entry.split(':')
	return { uid: Number(uid), gid: Number(gid) }
}

export async function startTempPostgres({
	port,
	bin = postgresBinDir(),
	log = 'ignore',
	dataDir,
} = {}) {
	if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)')
	const user = serverUser()
	// The socket's directory (and the cluster, unless the caller keeps its own).
	const dir = mkdtempSync(join(tmpdir(), 'tutorhub-pg-'))
	if (user.uid !== undefined) chownSync(dir, user.uid, user.gid)
	const data = dataDir ?? join(dir, 'data')
	const asServer = { ...user, stdio: ['ignore', log, log] }
	if (!existsSync(join(data, 'PG_VERSION'))) {
		if (dataDir) {
			mkdirSync(data, { recursive: true, mode: 0o700 })
			if (user.uid !== undefined) chownSync(data, user.uid, user.gid)
		}
		const init = spawnSync(
			join(bin, 'initdb'),
			['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'],
			{
				...asServer,
				stdio: ['ignore', 'ignore', 'pipe'],
				encoding: 'utf8',
			},
		)
		if (init.status !== 0) {
			rmSync(dir, { recursive: true, force: true })
			throw new Error(`initdb failed: ${init.stderr || init.error?.message}`)
		}
	}
	const listenPort = port ?? (await freePort())
	// Test settings: fast and disposable (no fsync), enough connections for parallel test files.
	const server = spawn(
		join(bin, 'postgres'),
		[
			'-D',
			data,
			'-h',
			'127.0.0.1',
			'-p',
			String(listenPort),
			'-k',
			dir,
			'-c',
			'fsync=off',
			'-c',
			'synchronous_commit=off',
			'-c',
			'full_page_writes=off',
			'-c',
			'max_connections=200',
			...(process.env.TEMP_POSTGRES_STAT_STATEMENTS === '1'
				? [
						'-c',
						'shared_preload_libraries=pg_stat_statements',
						'-c',
						'pg_stat_statements.track=all',
					]
				: []),
		],
		asServer,
	)
	const exited = new Promise((resolve) => server.once('exit', resolve))
	const url = `postgres://postgres@127.0.0.1:${listenPort}/postgres`
	const isready = join(bin, 'pg_isready')
	const deadline = Date.now() + 30_000
	while (spawnSync(isready, ['-h', '127.0.0.1', '-p', String(listenPort), '-q']).status !== 0) {
		if (server.exitCode !== null || Date.now() > deadline) {
			server.kill('SIGKILL')
			rmSync(dir, { recursive: true, force: true })
			throw new Error(`PostgreSQL did not start on 127.0.0.1:${listenPort}`)
		}
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	return {
		url,
		/** The same server over its Unix socket (in `dir`), for clients on this machine. */
		socketUrl: `postgres://postgres@localhost:${listenPort}/postgres?host=${encodeURIComponent(dir)}`,
		port: listenPort,
		dataDir: data,
		/** The postmaster; its backends are its children. */
		pid: server.pid,
		/** Stops the server (a clean shutdown: its data directory can then be copied). */
		async stop() {
			// SIGINT: PostgreSQL's fast shutdown (ends sessions, no waiting for clients).
			if (server.exitCode === null) server.kill('SIGINT')
			const forced = setTimeout(() => server.kill('SIGKILL'), 10_000)
			await exited
			clearTimeout(forced)
			rmSync(dir, { recursive: true, force: true })
		},
	}
}
