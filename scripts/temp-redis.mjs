// A throwaway Redis for tests and the load bench: Debian's redis-server on loopback, in memory only
// (no snapshot, no append-only file), started on the given port or a free one, answered once it
// says it accepts connections, and stopped on `stop()` (`child` is there for a test that pauses it). The multi-process suite starts
// its own (multiprocess/cluster.ts), because it stops and restarts Redis mid-test as one of its
// services.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from './free-port.mjs'

export const REDIS_SERVER = '/usr/bin/redis-server'

/** Whether Debian's redis-server is installed (`apt-get install redis-server`; .ci/run does). */
export function redisInstalled() {
	return existsSync(REDIS_SERVER)
}

/** In memory only, on loopback, on `port`, its working files (none expected) in `dir`. */
export function redisArguments(port, dir) {
	return [
		'--port',
		String(port),
		'--bind',
		'127.0.0.1',
		'--save',
		'',
		'--appendonly',
		'no',
		'--dir',
		dir,
	]
}

export async function startTempRedis({ port } = {}) {
	const chosen = port ?? (await freePort())
	const dir = mkdtempSync(join(tmpdir(), 'temp-redis-'))
	const child = spawn(REDIS_SERVER, redisArguments(chosen, dir))
	let output = ''
	child.stdout.on('data', (chunk) => (output += chunk))
	child.stderr.on('data', (chunk) => (output += chunk))
	const stop = async () => {
		if (child.exitCode === null && child.signalCode === null) {
			const exited = new Promise((resolve) => child.once('exit', resolve))
			child.kill('SIGTERM')
			await exited
		}
		rmSync(dir, { recursive: true, force: true })
	}
	const deadline = Date.now() + 10_000
	while (!output.includes('Ready to accept connections')) {
		if (Date.now() > deadline || child.exitCode !== null) {
			await stop()
			throw new Error(`Redis did not start:\n${output}`)
		}
		await sleep(50)
	}
	return { url: `redis://127.0.0.1:${chosen}`, port: chosen, pid: child.pid, child, stop }
}
