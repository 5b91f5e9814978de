// A deployment in miniature on loopback, for the multi-process suite: a real PostgreSQL and a real
// Redis (Debian's binaries), an S3-compatible store (s3rver, from the npm registry), two API
// processes and two app processes sharing them. Each piece is
// started and stopped here, by its pid, in a temporary directory removed afterwards.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { startProxy } from '../api/test/tcp-proxy'
import { REDIS_SERVER, redisArguments, redisInstalled } from '../scripts/temp-redis.mjs'

/** Debian's PostgreSQL server binaries (/usr/lib/postgresql/<version>/bin), the newest there is. */
export function postgresBin(): string | null {
	const root = '/usr/lib/postgresql'
	if (!existsSync(root)) return null
	const versions = readdirSync(root)
		.filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a))
	return versions[0] ? join(root, versions[0], 'bin') : null
}

/** Why the suite cannot run on this machine, or null when it can. */
export function missingServices(buildDir: string): string | null {
	const missing = []
	if (!postgresBin()) missing.push('PostgreSQL (apt-get install postgresql)')
	if (!redisInstalled()) missing.push('Redis (apt-get install redis-server)')
	if (!existsSync(join(buildDir, 'server', 'index.js')))
		missing.push(`the app's build in ${buildDir}/ (npm run build)`)
	return missing.length ? `needs ${missing.join(', ')}` : null
}

/** A port nothing listens on now, from the system (MULTIPROCESS_PORTS fixes them instead). */
async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer()
		server.unref()
		server.on('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const address = server.address()
			server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
		})
	})
}

/** Waits for a child to say 'listening' over IPC (as scripts/launch.mjs does), or fails with its output. */
function listening(child: ChildProcess, name: string, output: () => string, timeoutMs = 120_000) {
	return new Promise<void>((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error(`${name} did not start in time:\n${output()}`)),
			timeoutMs,
		)
		child.on('message', (message) => {
			if (message !== 'listening') return
			clearTimeout(timer)
			resolve()
		})
		child.on('exit', (code) => {
			clearTimeout(timer)
			reject(new Error(`${name} exited with code ${code}:\n${output()}`))
		})
	})
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
	const deadline = Date.now() + timeoutMs
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

type Service = {
	name: string
	child: ChildProcess
	output: () => string
	/** Stopped by the cluster (a fault a test injects, or the end), not ended by itself. */
	stopping?: boolean
}

function start(
	name: string,
	command: string,
	args: string[],
	env: Record<string, string> = {},
	cwd?: string,
): Service {
	const child = spawn(command, args, {
		cwd,
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
	})
	let output = ''
	const keep = (chunk: Buffer) => {
		output = (output + chunk.toString()).slice(-20_000)
	}
	child.stdout?.on('data', keep)
	child.stderr?.on('data', keep)
	child.on('exit', () => keep(Buffer.from(`\n[${name} ended: ${exitOf(child)}]\n`)))
	return { name, child, output: () => output }
}

function ended(child: ChildProcess) {
	return child.exitCode !== null || child.signalCode !== null
}

function exitOf(child: ChildProcess) {
	return child.signalCode ? `signal ${child.signalCode}` : `exit code ${child.exitCode}`
}

/** A fault asked for after its test timed out (that test's body goes on in the background). */
function refuseAfterTimeout(signal: AbortSignal | undefined, what: string) {
	if (signal?.aborted) throw new Error(`Not ${what}: its test has timed out`)
}

function stopped(service: Service, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
	const { child } = service
	service.stopping = true
	if (ended(child)) return Promise.resolve()
	return new Promise((resolve) => {
		child.once('exit', () => resolve())
		child.kill(signal)
	})
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>

/**
 * `release`: run the four programs from a release folder (npm run release, installed with
 * npm ci --omit=dev) in production, as a deployment runs them, instead of from this checkout.
 * `apiEnv`: more settings for both API processes (e.g. API_TEST_HOOKS=1 for a test's clock).
 */
export async function startCluster({
	buildDir,
	release,
	apiEnv = {},
	busProxy = false,
}: {
	buildDir: string
	release?: string
	apiEnv?: Record<string, string>
	/** API B reaches Redis through a TCP proxy the test controls (`cutApiB`, `healApiB`). */
	busProxy?: boolean
}) {
	const dir = mkdtempSync(join(tmpdir(), 'tutorhub-multiprocess-'))
	const fixed = process.env.MULTIPROCESS_PORTS?.split(',').map(Number)
	const ports = fixed?.length === 6 ? fixed : await Promise.all(Array.from({ length: 6 }, freePort))
	const [appPortA, appPortB, apiPortA, apiPortB, redisPort, pgPort] = ports as [
		number,
		number,
		number,
		number,
		number,
		number,
	]
	// Each process's private metrics listener (API_METRICS_PORT, METRICS_PORT), on loopback.
	const [apiMetricsA, apiMetricsB, appMetricsA, appMetricsB] = await Promise.all(
		Array.from({ length: 4 }, freePort),
	)
	const services: Service[] = []
	let pgStop = () => {}
	let s3: S3rver | undefined
	let proxy: Awaited<ReturnType<typeof startProxy>> | undefined

	const stopAll = async () => {
		await Promise.all(services.map((service) => stopped(service)))
		pgStop()
		await s3?.close()
		await proxy?.close()
		rmSync(dir, { recursive: true, force: true })
	}

	try {
		// Redis: in memory only, on loopback. Restarted (a fault test) on the same port, empty.
		const startRedis = async () => {
			const service = start('Redis', REDIS_SERVER, redisArguments(redisPort, dir))
			services.push(service)
			await waitFor(
				() => service.output().includes('Ready to accept connections'),
				`Redis:\n${service.output()}`,
			)
			return service
		}
		let redis = await startRedis()
		const startRedisAgain = async () => {
			if (!ended(redis.child)) return
			redis = await startRedis()
		}

		// PostgreSQL: a fresh cluster in the temporary directory. initdb refuses root, so as root
		// it runs as Debian's `postgres` user.
		const bin = postgresBin()!
		const pgData = join(dir, 'pg')
		const asRoot = process.getuid?.() === 0
		const pg = (program: string, args: string[]) => {
			const [command, all] = asRoot
				? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
				: [join(bin, program), args]
			execFileSync(command, all, { stdio: 'pipe' })
		}
		if (asRoot)
			chownSync(
				dir,
				Number(execFileSync('id', ['-u', 'postgres']).toString()),
				Number(execFileSync('id', ['-g', 'postgres']).toString()),
			)
		pg('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
		const pgStart = () =>
			pg('pg_ctl', [
				'-D',
				pgData,
				'-l',
				join(dir, 'pg.log'),
				'-w',
				'-o',
				`-p ${pgPort} -h 127.0.0.1 -k ${dir} -F`,
				'start',
			])
		pgStart()
		const pgRunning = () => {
			try {
				pg('pg_ctl', ['-D', pgData, 'status'])
				return true
			} catch {
				return false
			}
		}
		pgStop = () => {
			try {
				pg('pg_ctl', ['-D', pgData, '-m', 'fast', '-w', 'stop'])
			} catch {
				// Already down.
			}
		}
		// The uploads' bucket: an S3-compatible server in this process, its files in the directory.
		s3 = new S3rver({
			address: '127.0.0.1',
			port: 0,
			silent: true,
			directory: join(dir, 's3'),
			configureBuckets: [{ name: 'tutorhub-uploads', configs: [] }],
		})
		const { port: s3Port } = await s3.run()

		const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`
		const redisUrl = `redis://127.0.0.1:${redisPort}`

		// The API processes share the database, Redis and the token secret; the first creates the
		// schema and the demo accounts, then the second starts.
		const shared = {
			DATABASE_URL: databaseUrl,
			REDIS_URL: redisUrl,
			JWT_SECRET: 'multiprocess-jwt-secret-of-at-least-32-characters',
			API_PROXY_SECRET: 'multiprocess-proxy-secret',
			API_HOST: '127.0.0.1',
			// The AWS SDK's own settings; s3rver takes its fixed test credentials.
			S3_BUCKET: 'tutorhub-uploads',
			AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${s3Port}`,
			AWS_ACCESS_KEY_ID: 'S3RVER',
			AWS_SECRET_ACCESS_KEY: 'S3RVER',
			AWS_REGION: 'us-east-1',
			// A held lock answers within 3 s (the fault test), well above any statement's own time.
			DATABASE_STATEMENT_TIMEOUT_MS: '3000',
		}
		// A release runs in production: the API then needs the public origin and a word on mail.
		const production: Record<string, string> = release
			? {
					NODE_ENV: 'production',
					PUBLIC_URL: `http://127.0.0.1:${appPortA}`,
					MAIL_DISABLED: '1',
				}
			: {}
		const api = async (
			name: string,
			port: number,
			seed: boolean,
			env: Record<string, string> = {},
		) => {
			const service = start(
				name,
				process.execPath,
				['api/src/main.ts'],
				{
					...shared,
					...production,
					API_PORT: String(port),
					DATA_DIR: join(dir, name),
					SEED_DEMO: seed ? '1' : '0',
					...apiEnv,
					...env,
				},
				release,
			)
			services.push(service)
			await listening(service.child, name, service.output)
			return service
		}
		let apiA = await api('api-a', apiPortA, true, { API_METRICS_PORT: String(apiMetricsA) })
		if (busProxy) proxy = await startProxy(redisPort)
		const apiBEnv = {
			API_METRICS_PORT: String(apiMetricsB),
			...(proxy && { REDIS_URL: `redis://127.0.0.1:${proxy.port}` }),
		}
		let apiB = await api('api-b', apiPortB, false, apiBEnv)

		const app = async (
			name: string,
			port: number,
			apiPort: number,
			env: Record<string, string> = {},
		) => {
			const service = start(
				name,
				process.execPath,
				['server.mjs', release ? 'build/server/index.js' : join(buildDir, 'server', 'index.js')],
				{
					NODE_ENV: 'production',
					SESSION_SECRET: 'multiprocess-session-secret',
					TOAST_SECRET: 'multiprocess-toast-secret',
					API_PROXY_SECRET: shared.API_PROXY_SECRET,
					API_URL: `http://127.0.0.1:${apiPort}`,
					PUBLIC_URL: `http://127.0.0.1:${port}`,
					REDIS_URL: redisUrl,
					PORT: String(port),
					HOST: '127.0.0.1',
					COOKIE_SECURE: '0',
					...env,
				},
				release,
			)
			services.push(service)
			await listening(service.child, name, service.output)
			return service
		}
		const appArgs: [string, number, number, Record<string, string>][] = [
			['app-a', appPortA, apiPortA, { METRICS_PORT: String(appMetricsA) }],
			['app-b', appPortB, apiPortB, { METRICS_PORT: String(appMetricsB) }],
		]
		let [appA, appB] = (await Promise.all(
			appArgs.map(([name, port, apiPort, env]) => app(name, port, apiPort, env)),
		)) as [Service, Service]
		const extra: Service[] = []

		/**
		 * Makes the cluster whole again, for the next test: starts PostgreSQL and every process that
		 * is not running (a fault a test injected and did not undo, say because it timed out), then
		 * waits until both APIs are ready (their database answers). Returns the processes that had
		 * ended by themselves (a crash: their exit and last output), which a test should fail on.
		 */
		const whole = async () => {
			const crashed: string[] = []
			const noted = (service: Service) => {
				if (service.stopping) return
				const tail = service.output().trimEnd().split('\n').slice(-15).join('\n')
				crashed.push(
					`${service.name} ended by itself (${exitOf(service.child)}); its last output:\n${tail}`,
				)
			}
			/** Starts what is not running; whether anything was. */
			const restart = async () => {
				let any = false
				if (ended(redis.child)) {
					noted(redis)
					await startRedisAgain()
					any = true
				}
				if (!pgRunning()) {
					pgStart()
					any = true
				}
				for (const [index, service] of [apiA, apiB].entries()) {
					if (!ended(service.child)) continue
					noted(service)
					if (index === 0)
						apiA = await api('api-a', apiPortA, false, { API_METRICS_PORT: String(apiMetricsA) })
					else apiB = await api('api-b', apiPortB, false, apiBEnv)
					any = true
				}
				for (const [index, service] of [appA, appB].entries()) {
					if (!ended(service.child)) continue
					noted(service)
					const [name, port, apiPort, env] = appArgs[index]!
					const again = await app(name, port, apiPort, env)
					if (index) appB = again
					else appA = again
					any = true
				}
				return any
			}
			const ready = async (port: number) =>
				(await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => null))?.status === 200
			// Until nothing needed starting and both APIs answer ready (a process may end meanwhile).
			await waitFor(
				async () => !(await restart()) && (await ready(apiPortA)) && (await ready(apiPortB)),
				'the cluster to be whole',
				120_000,
			)
			return crashed
		}

		return {
			databaseUrl,
			redisUrl,
			apps: [`http://127.0.0.1:${appPortA}`, `http://127.0.0.1:${appPortB}`] as const,
			apis: [`http://127.0.0.1:${apiPortA}/api/v1`, `http://127.0.0.1:${apiPortB}/api/v1`] as const,
			/** The private metrics listeners: API A, API B, app A, app B. */
			metrics: [apiMetricsA, apiMetricsB, appMetricsA, appMetricsB].map(
				(port) => `http://127.0.0.1:${port}/metrics`,
			) as [string, string, string, string],
			/** What one process (api-a, api-b, app-a, app-b) has written so far. */
			outputOf: (name: string) =>
				[apiA, apiB, appA, appB].find((each) => each.name === name)?.output() ?? '',
			/** Ends app A (0) or B (1): SIGKILL as a crash, SIGTERM as a deploy stops it. */
			stopApp: (index: 0 | 1, signal: NodeJS.Signals) => stopped(index ? appB : appA, signal),
			/** Starts app A (0) or B (1) again, on its port, as a process manager would. */
			startApp: async (index: 0 | 1) => {
				const [name, port, apiPort, env] = appArgs[index]!
				const service = await app(name, port, apiPort, env)
				if (index) appB = service
				else appA = service
			},
			/** A lasting partition between API B and Redis (busProxy): no byte passes, nothing closes. */
			cutApiB: () => proxy!.blackHole(),
			healApiB: () => proxy!.heal(),
			/**
			 * Ends API B at once, as a crash would (SIGKILL: no goodbye to its sockets). Each fault
			 * takes its test's `signal` and is refused once that test has timed out, so a test body
			 * going on in the background cannot take a service away from the tests after it.
			 */
			killApiB: (signal?: AbortSignal) => {
				refuseAfterTimeout(signal, 'killing API B')
				return stopped(apiB, 'SIGKILL')
			},
			/** Redis stopped (SIGTERM, as a restart does) and started again on its port, empty. */
			stopRedis: (signal?: AbortSignal) => {
				refuseAfterTimeout(signal, 'stopping Redis')
				return stopped(redis)
			},
			/** Starts Redis unless it runs already (`whole` may have started it). */
			startRedis: startRedisAgain,
			/** PostgreSQL stopped (fast: its connections are cut) and started again, data kept. */
			stopPostgres: (signal?: AbortSignal) => {
				refuseAfterTimeout(signal, 'stopping PostgreSQL')
				pgStop()
			},
			/** Starts PostgreSQL unless it runs already (`whole` may have started it). */
			startPostgres: () => {
				if (!pgRunning()) pgStart()
			},
			whole,
			/**
			 * A third app on a third API whose access tokens live `accessTokenTtl` seconds, so a test
			 * can let one expire; same database, Redis and secrets as the others.
			 */
			shortTokenApp: async (accessTokenTtl: number) => {
				const [apiPort, appPort] = await Promise.all([freePort(), freePort()])
				extra.push(await api('api-c', apiPort, false, { ACCESS_TOKEN_TTL: String(accessTokenTtl) }))
				extra.push(await app('app-c', appPort, apiPort))
				return `http://127.0.0.1:${appPort}`
			},
			output: () =>
				[redis, apiA, apiB, appA, appB, ...extra]
					.map((each) => `--- ${each.name}\n${each.output()}`)
					.join('\n'),
			stop: stopAll,
		}
	} catch (error) {
		await stopAll()
		throw error
	}
}
