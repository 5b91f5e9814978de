import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { isIP } from 'node:net'
import { join, resolve } from 'node:path'
import { PRODUCTION_HASHING } from './platform/passwords.ts'
import type { ApiConfig } from './platform/context.ts'
import { isLoopback } from './platform/loopback.ts'

export type Settings = {
	/** keepSentDays: how long a sent mail stays in the outbox before it is deleted. */
	mail: { smtpUrl: string | undefined; from: string; keepSentDays: number }
	port: number
	host: string
	dataDir: string
	databaseUrl: string | undefined
	/** PostgreSQL's statement_timeout and lock_timeout, and the pool's connection timeout. */
	databaseTimeoutMs: number
	/** Shared counters and live-room fan-out between API processes (docs/decisions/026). */
	redisUrl: string | undefined
	/** S3_BUCKET: uploads go to this bucket (the AWS SDK's own settings reach it); unset, DATA_DIR/uploads. */
	s3Bucket: string | undefined
	seedDemo: boolean
	/** API_METRICS_PORT: Prometheus metrics on their own listener (METRICS_HOST, loopback); unset, none. */
	metrics: { port: number; host: string } | undefined
	api: ApiConfig
}

type Env = Record<string, string | undefined>

// Browsers cap cookie lifetimes at 400 days, and Hono refuses longer ones.
const MAX_TTL = 400 * 24 * 60 * 60

function wholeNumber(env: Env, name: string, fallback: number, max: number): number {
	const raw = env[name]?.trim()
	if (!raw) return fallback
	const value = Number(raw)
	if (!/^\d+$/.test(raw) || value < 1 || value > max) {
		throw new Error(`${name} must be a whole number from 1 to ${max}, got "${raw}"`)
	}
	return value
}

/**
 * JWT_SECRET, else (outside production) one generated on first start and kept in
 * DATA_DIR/jwt-secret. In production it must be given: a secret per data folder would differ
 * between API processes and be lost with the folder.
 */
async function jwtSecret(env: Env, dataDir: string, production: boolean): Promise<string> {
	const given = env.JWT_SECRET
	if (given !== undefined) {
		if (given.length < 32) throw new Error('JWT_SECRET must be at least 32 characters')
		return given
	}
	if (production) throw new Error('JWT_SECRET must be set in production (at least 32 characters)')
	const file = join(dataDir, 'jwt-secret')
	try {
		return (await readFile(file, 'utf8')).trim()
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
	}
	const secret = randomBytes(48).toString('base64url')
	await mkdir(dataDir, { recursive: true })
	// `wx`: if another process won the race, use its secret rather than overwrite it.
	try {
		await writeFile(file, secret, { mode: 0o600, flag: 'wx' })
		return secret
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		return (await readFile(file, 'utf8')).trim()
	}
}

/** STRIPE_SECRET_KEY turns on Stripe; its webhooks cannot be trusted without STRIPE_WEBHOOK_SECRET. */
function stripeKeys(env: Env) {
	const secretKey = env.STRIPE_SECRET_KEY?.trim()
	if (!secretKey) return undefined
	const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim()
	if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET must be set when STRIPE_SECRET_KEY is')
	return { secretKey, webhookSecret }
}

/**
 * The web app's public origin, for links in mails: PUBLIC_URL (the same setting the app reads),
 * else APP_ORIGIN, else the local app. Production names it: mails must not point at localhost.
 */
function publicUrl(env: Env, production: boolean) {
	if (production && !env.PUBLIC_URL?.trim()) {
		throw new Error(
			"PUBLIC_URL must be set in production (the web app's public origin, e.g. https://tutor.example.org)",
		)
	}
	const raw = env.PUBLIC_URL?.trim() || env.APP_ORIGIN?.trim() || 'http://localhost:3000'
	try {
		const url = new URL(raw)
		if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http')
		return url.origin + url.pathname.replace(/\/+$/, '')
	} catch {
		throw new Error(`PUBLIC_URL must be an http:// or https:// address, got "${raw}"`)
	}
}

/**
 * DNS_SERVERS: the name servers that check organizations' domain records (decision 051), as
 * `address` or `address:port`, separated by commas; unset, the system's resolver.
 */
function dnsServers(env: Env): string[] | undefined {
	const raw = env.DNS_SERVERS?.trim()
	if (!raw) return undefined
	return raw.split(/[\s,]+/).map((server) => {
		const bracketed = server.match(/^\[([^\]]+)\](?::(\d+))?$/)
		const [host, port] = bracketed
			? [bracketed[1]!, bracketed[2]]
			: isIP(server)
				? [server, undefined]
				: [server.slice(0, server.lastIndexOf(':')), server.slice(server.lastIndexOf(':') + 1)]
		const portNumber = port === undefined ? 53 : Number(port)
		if (!isIP(host) || !Number.isInteger(portNumber) || portNumber < 1 || portNumber > 65_535) {
			throw new Error(
				`DNS_SERVERS must be IP addresses with optional ports, e.g. 1.1.1.1,127.0.0.1:5353, got "${server}"`,
			)
		}
		return server
	})
}

/** The README's environment variables, checked; a bad value stops the start with its name. */
export async function readSettings(env: Env = process.env): Promise<Settings> {
	const production = env.NODE_ENV === 'production'
	const testHooks = env.API_TEST_HOOKS === '1'
	if (production && testHooks) throw new Error('API_TEST_HOOKS must not be set in production')
	const dataDir = resolve(env.DATA_DIR || '.data')
	const smtpUrl = env.SMTP_URL?.trim() || undefined
	if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
		throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${smtpUrl}"`)
	}
	// Production sends mail or says it sends none: a reset link must not wait in a table unseen.
	const mailDisabled = env.MAIL_DISABLED === '1'
	if (production && !smtpUrl && !mailDisabled) {
		throw new Error('SMTP_URL must be set in production, or MAIL_DISABLED=1 to send no mail')
	}
	if (smtpUrl && mailDisabled) throw new Error('Set SMTP_URL or MAIL_DISABLED=1, not both')
	const host = env.API_HOST || '127.0.0.1'
	if (testHooks && !isLoopback(host)) {
		throw new Error(`API_TEST_HOOKS needs API_HOST on loopback (127.0.0.1 or ::1), got "${host}"`)
	}
	return {
		mail: {
			smtpUrl,
			from: env.MAIL_FROM?.trim() || 'TutorHub <no-reply@tutorhub.localhost>',
			keepSentDays: wholeNumber(env, 'MAIL_KEEP_SENT_DAYS', 30, 3650),
		},
		port: wholeNumber(env, 'API_PORT', 4000, 65_535),
		host,
		dataDir,
		databaseUrl: env.DATABASE_URL || undefined,
		databaseTimeoutMs: wholeNumber(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 5_000, 600_000),
		redisUrl: env.REDIS_URL || undefined,
		s3Bucket: env.S3_BUCKET?.trim() || undefined,
		// The demo accounts share one known password: production has them only when asked.
		seedDemo: production ? env.SEED_DEMO === '1' : env.SEED_DEMO !== '0',
		metrics: env.API_METRICS_PORT?.trim()
			? {
					port: wholeNumber(env, 'API_METRICS_PORT', 0, 65_535),
					host: env.METRICS_HOST?.trim() || '127.0.0.1',
				}
			: undefined,
		api: {
			accessTokenTtl: wholeNumber(env, 'ACCESS_TOKEN_TTL', 900, MAX_TTL),
			refreshTokenTtl: wholeNumber(env, 'REFRESH_TOKEN_TTL', 604_800, MAX_TTL),
			jwtSecret: await jwtSecret(env, dataDir, production),
			testHooks,
			production,
			allowPrivateIssuers: env.SSO_ALLOW_PRIVATE_ISSUERS === '1',
			passwordHashing: PRODUCTION_HASHING,
			proxySecret: env.API_PROXY_SECRET || undefined,
			stripe: stripeKeys(env),
			publicUrl: publicUrl(env, production),
			exportStreamLimit: wholeNumber(env, 'EXPORT_STREAM_LIMIT', 20_000, 10_000_000),
			rosterMailsPerHour: wholeNumber(env, 'ROSTER_MAILS_PER_HOUR', 1_000, 1_000_000),
			dnsServers: dnsServers(env),
			// Without SMTP, mails stay in the database: a developer reads them on /dev/outbox, on
			// this machine only.
			devOutbox: !smtpUrl && !production && isLoopback(host),
		},
	}
}
