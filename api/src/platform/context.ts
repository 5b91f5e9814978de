import type { Db } from '../db.ts'
import type { PasswordHashing } from '../auth/passwords.ts'
import type { AccountLimitOptions } from '../account/limits.ts'
import type { RoomLimits } from '../rooms/hub.ts'
import type { RedisConnections } from './redis.ts'
import type { HealthCheck } from './health.ts'
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
	passwordHashing: PasswordHashing
	/** Live rooms' per-member limits, to change one in tests (rooms/hub.ts ROOM_LIMITS). */
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
	/** Dependencies the API degrades around, reported by `GET /health` beside the database (e.g. `redis`). */
	healthChecks?: Record<string, HealthCheck>
}
