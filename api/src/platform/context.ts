import type { Redis } from 'ioredis'
import type { Db } from '../db.ts'
import type { RedisConnections } from './redis.ts'
import type { Storage } from './storage.ts'

export type AccountRole = 'student' | 'tutor' | 'organization'

/** Who is calling, as the access token says. `orgId` is the organization a user belongs to, or an organization's own id. */
export type Account = { id: string; role: AccountRole; orgId: string | null }

/** Which field carries an error's text: `message` everywhere, `error` where the spec's client reads that. */
export type ErrorField = 'message' | 'error'

export type ApiEnv = {
	Variables: {
		account: Account
		errorField: ErrorField | undefined
		/** X-Request-Id: the caller's or a new one (platform/request-log.ts). */
		requestId: string
	}
}

// The options the configuration carries for a domain are typed here, so that the platform imports
// no domain (decision 044); each domain reads its own.

/** argon2id cost: memory in KiB and passes (platform/passwords.ts). */
export type PasswordHashing = { memoryCost: number; timeCost: number }

/** The account calls' limits (account/limits.ts); every one has a default there. */
export type AccountLimitOptions = {
	/** Reset mails one address may ask for per window, whatever the emails. */
	resetPerAddress?: number
	/** Reset mails one email may get per window, from anywhere (no mail-bombing a mailbox). */
	resetPerEmail?: number
	/** Link tokens (reset, verification) one address may present per window. */
	tokensPerAddress?: number
	/** Verification mails one account may ask for again per window. */
	resendsPerAccount?: number
	/** Wrong current passwords one account may give when changing it, per window. */
	passwordChecksPerAccount?: number
	/**
	 * Mails one address may get per hour that someone else can cause: verification links (sign-up,
	 * resend, a change of email to it) and organizations' invitations (issue 29).
	 */
	mailsPerRecipient?: number
	/** Invitations one organization may send per hour. */
	invitationsPerOrganization?: number
	windowSeconds?: number
	/** Counts in Redis, shared by every API process (unset: this process's memory). */
	redis?: Redis
}

/** So many points per so many seconds. */
export type Rate = { points: number; duration: number }

/** A live room's limits of one member (rooms/limits.ts ROOM_LIMITS, decision 015). */
export type RoomLimits = {
	chat: Rate
	board: Rate
	/** Messages dropped before the socket is closed. */
	drops: Rate
	updateBytes: number
	boardBytes: number
}

export type ApiConfig = {
	/** Seconds. */
	accessTokenTtl: number
	/** Seconds. */
	refreshTokenTtl: number
	jwtSecret: string
	/** Mounts `/__test/*`. */
	testHooks: boolean
	/** NODE_ENV=production: links in mails never reach the log. */
	production: boolean
	/**
	 * SSO_ALLOW_PRIVATE_ISSUERS=1: in production, an identity provider on a loopback, private or
	 * link-local address is accepted (a school's own provider inside its network). Off by default.
	 */
	allowPrivateIssuers?: boolean
	passwordHashing: PasswordHashing
	/** Live rooms' per-member limits, to change one in tests (rooms/limits.ts ROOM_LIMITS). */
	roomLimits?: Partial<RoomLimits>
	/** Shared with the app: its X-TutorHub-Client-Address is believed only with this beside it. */
	proxySecret?: string
	/** The web app's public origin (PUBLIC_URL): links in mails. http://localhost:3000 when unset. */
	publicUrl?: string
	/** Mounts `/dev/outbox`: the local outbox of a developer's instance without SMTP_URL. */
	devOutbox?: boolean
	/** Password reset and verification limits, to change one in tests (account/limits.ts). */
	accountLimits?: AccountLimitOptions
	/** A term with more students than this is exported in the background (EXPORT_STREAM_LIMIT). */
	exportStreamLimit?: number
	/**
	 * Set-your-password mails an organization's roster imports send an hour (ROSTER_MAILS_PER_HOUR,
	 * default 1,000); the rest wait in the outbox for their turn (decision 054).
	 */
	rosterMailsPerHour?: number
	/**
	 * The name servers that check organizations' domain records (DNS_SERVERS: `1.1.1.1`,
	 * `127.0.0.1:5353`, `[::1]:53`); unset, the system's resolver (decision 051).
	 */
	dnsServers?: string[]
	/** Stripe keys; without them payments use the built-in test provider. */
	stripe?: {
		secretKey: string
		webhookSecret: string
		/** Where Stripe's API is (tests point it at a local stand-in); Stripe's own by default. */
		apiUrl?: string
	}
}

export type ApiDeps = {
	db: Db
	config: ApiConfig
	storage: Storage
	/** Shared state of several API processes (REDIS_URL): rate limits and live-room fan-out. */
	redis?: RedisConnections
	/**
	 * Dependencies the API degrades around, reported by `GET /health` beside the database (e.g.
	 * `redis`): each check resolves when it answers (platform/health.ts HealthCheck).
	 */
	healthChecks?: Record<string, () => Promise<unknown>>
	/**
	 * What new room sockets need beyond the database (e.g. `roomBus`: this process hears the
	 * others), checked by `GET /health/rooms` and reported by `GET /health` like the others.
	 */
	roomHealthChecks?: Record<string, () => Promise<unknown>>
}
