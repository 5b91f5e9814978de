import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { serve } from '@hono/node-server'
import { createApi, API_BASE } from './app.ts'
import { createPasswords } from './platform/passwords.ts'
import { openDatabase, type Db } from './db.ts'
import { migrate } from './migrate.ts'
import { startReminderSweeper } from './reminders/sweep.ts'
import { startExportCleanup } from './exports/jobs.ts'
import { startDomainRechecks } from './sso/domains.ts'
import { sealPlainSecrets } from './auth/totp-secrets.ts'
import { lockDataDir } from './platform/data-lock.ts'
import { connectRedis, redisAnswers } from './platform/redis.ts'
import { log } from './platform/log.ts'
import { serveMetrics } from './platform/metrics.ts'
import { afterAnswersDone } from './platform/after-answer.ts'
import { failJobsUnderWay } from './platform/jobs.ts'
import { mailOutboxMetrics } from './mail/metrics.ts'
import { flushErrorReports, reportError, startErrorReports } from './platform/error-reports.ts'
import { createDiskStorage } from './platform/storage.ts'
import { createS3Storage } from './platform/storage-s3.ts'
import { createSocketServer } from './platform/websocket.ts'
import { closeRooms, roomBusCheck } from './rooms/hubs.ts'
import { liveRoomMetrics } from './rooms/metrics.ts'
import { startMailWorker } from './mail/worker.ts'
import { seedDemo } from './seed.ts'
import { readSettings } from './settings.ts'

// A hung connection must not keep a stopping server alive forever.
const SHUTDOWN_GRACE_MS = 10_000
/** Of the grace, what is kept to write the jobs still running failed and close the rest. */
const JOB_FAILING_MS = 2_500
// `npm run migrate`: migrate (and seed, as SEED_DEMO says) the database, then exit, for a deploy
// pipeline's one step before the APIs start.
const MIGRATE_ONLY = process.argv.includes('--migrate')

async function start() {
	await startErrorReports()
	const settings = await readSettings()
	const dbDir = join(settings.dataDir, 'db')
	let stop = async (exitCode: number) => void (process.exitCode = exitCode)
	// PostgreSQL takes any number of API processes; the embedded database exactly one.
	const unlock = settings.databaseUrl
		? async () => {}
		: await lockDataDir(dbDir, {
				onLost: (error) => {
					log.error(`API stopping: it no longer holds ${dbDir} (${error.message})`)
					void stop(1)
				},
			})
	const db = await openDatabase(
		settings.databaseUrl
			? { url: settings.databaseUrl, timeoutMs: settings.databaseTimeoutMs }
			: { dataDir: dbDir },
	).catch(async (error: unknown) => {
		await unlock()
		throw error
	})
	// Several API processes share one bucket; the disk suits one process (or a shared volume).
	const storage = settings.s3Bucket
		? createS3Storage(settings.s3Bucket)
		: createDiskStorage(join(settings.dataDir, 'uploads'))
	try {
		const seed = settings.seedDemo
			? (conn: Db) => seedDemo(conn, createPasswords(settings.api.passwordHashing), storage)
			: undefined
		const applied = await migrate(db, {
			afterwards: async (conn) => {
				await seed?.(conn)
				// Two-factor secrets stored before they were sealed (decision 037).
				await sealPlainSecrets(conn, settings.api.jwtSecret)
			},
		})
		if (applied.length > 0 || MIGRATE_ONLY)
			log.info(`Applied migrations: ${applied.join(', ') || 'none, the database is current'}`)
	} catch (error) {
		await db.destroy()
		await unlock()
		throw error
	}
	if (MIGRATE_ONLY) {
		await db.destroy()
		await unlock()
		return
	}

	// Several API processes share rate limits and live rooms through Redis; one needs none.
	const redis = settings.redisUrl
		? await connectRedis(settings.redisUrl).catch(async (error: unknown) => {
				await db.destroy()
				await unlock()
				throw error
			})
		: undefined
	const app = createApi({
		db,
		config: settings.api,
		storage,
		redis,
		// GET /health reports Redis down without failing: the API works on without it.
		healthChecks: redis ? { redis: () => redisAnswers(redis.commands) } : {},
		// GET /health/rooms fails while this process is cut off from the others: a balancer then
		// sends new room sockets elsewhere, and everything else (logins) here still.
		roomHealthChecks: redis ? { roomBus: roomBusCheck({ db, redis }) } : {},
	})
	const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host
	const mailWorker = startMailWorker({
		db,
		smtpUrl: settings.mail.smtpUrl,
		from: settings.mail.from,
		outboxUrl: settings.api.devOutbox
			? `http://${host}:${settings.port}${API_BASE}/dev/outbox`
			: undefined,
		logLinks: !settings.api.production,
		keepSentDays: settings.mail.keepSentDays,
		log: (line) => log.info(line),
	})
	if (!settings.mail.smtpUrl) {
		log.info(
			settings.api.devOutbox
				? `No SMTP_URL: mails are kept in the outbox, http://${host}:${settings.port}${API_BASE}/dev/outbox`
				: settings.api.production
					? 'MAIL_DISABLED=1: no mail is sent; mails are kept in the mail_outbox table'
					: 'No SMTP_URL: mails are kept in the mail_outbox table and logged here',
		)
	}
	// Reminders of sessions, tasks and grading (issue 31, decision 038).
	const reminders = startReminderSweeper(
		{ db, config: settings.api },
		{ onError: (error) => log.warn({ err: error }, 'Reminder sweep failed') },
	)
	// Finished exports' files go after EXPORT_KEEP_DAYS even when no new export comes (decision 046).
	const exportCleanup = startExportCleanup(
		{ db, storage },
		{ onError: (error) => log.warn({ err: error }, 'Removing old exports failed') },
	)
	// Proven email domains are looked up again every day; a record gone releases its domain
	// (decision 051).
	const domainRechecks = startDomainRechecks(
		{ db, config: settings.api },
		{ onError: (error) => log.warn({ err: error }, 'Domain re-check failed') },
	)
	const metricsServer = settings.metrics
		? await serveMetrics(db, settings.metrics.port, settings.metrics.host, [
				liveRoomMetrics(db),
				mailOutboxMetrics(db),
			])
		: undefined
	const websocket = { server: createSocketServer() }
	const server = serve(
		{ fetch: app.fetch, port: settings.port, hostname: settings.host, websocket },
		(info) => {
			log.info(`API listening on http://${host}:${info.port}${API_BASE}`)
			// scripts/launch.mjs waits for this rather than for an answer another copy could give.
			process.send?.('listening', () => process.disconnect())
		},
	)

	let stopping = false
	stop = async (exitCode: number) => {
		if (stopping) return
		stopping = true
		const graceEnds = Date.now() + SHUTDOWN_GRACE_MS
		setTimeout(() => process.exit(exitCode || 1), SHUTDOWN_GRACE_MS).unref()
		const closed = new Promise<void>((resolve) => server.close(() => resolve()))
		// Live room sockets are told to reconnect, and whiteboard saves finish before the database closes.
		await closeRooms(db)
		await closed
		// Work that followed an answer (a queued mail, a roster import, an export job) finishes
		// before the database closes, within the grace above: a mail is not lost to a deploy. A job
		// still running when the grace is nearly over is written failed, so it can be started again.
		const finished = await Promise.race([
			afterAnswersDone().then(() => true),
			sleep(Math.max(0, graceEnds - JOB_FAILING_MS - Date.now()), false, { ref: false }),
		])
		if (!finished) await failJobsUnderWay()
		metricsServer?.close()
		await reminders.stop()
		await exportCleanup.stop()
		await domainRechecks.stop()
		await mailWorker.stop()
		await redis?.close()
		await db.destroy()
		await unlock()
		await flushErrorReports()
		process.exitCode = exitCode
	}
	server.on('error', (error) => {
		log.error({ err: error }, 'API server failed')
		void stop(1)
	})
	process.once('SIGTERM', () => void stop(0))
	process.once('SIGINT', () => void stop(0))
}

start().catch(async (error: unknown) => {
	console.error('API failed to start:', error instanceof Error ? error.message : error)
	reportError(error)
	await flushErrorReports()
	process.exitCode = 1
})
