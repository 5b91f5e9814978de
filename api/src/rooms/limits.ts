import type { RateLimiterAbstract } from 'rate-limiter-flexible'
import type { RoomLimits } from '../platform/context.ts'
import { msg } from '../platform/i18n.ts'
import { createLimiter } from '../platform/rate-limit.ts'
import type { RedisConnections } from '../platform/redis.ts'

/**
 * Limits of one member (decisions/015). Chat: 10 messages in 10 s. Drawing: 60 board updates in
 * 10 s (a stroke is one). Past that each is dropped with a notice; a socket that goes on, 50 drops
 * in a minute, is closed. One update is at most 256 KB and the board document at most 2 MB, so
 * what every joiner downloads stays small.
 */
export const ROOM_LIMITS: RoomLimits = {
	chat: { points: 10, duration: 10 },
	board: { points: 60, duration: 10 },
	drops: { points: 50, duration: 60 },
	updateBytes: 256 * 1024,
	boardBytes: 2 * 1024 * 1024,
}

// The page shows this reason (said in the member's language, at most 123 bytes in each).
export const CLOSE_FLOODING = {
	code: 4008,
	reason: msg('Too many messages: disconnected'),
} as const

/** What a member is told when a message or a drawing of theirs is refused or not kept. */
export const ROOM_NOTICES = {
	tooFast: msg('You are sending messages too fast. Wait a moment and try again.'),
	drawingTooFast: msg('You are drawing too fast. Wait a moment: your last change was not shared.'),
	updateTooLarge: msg('That drawing is too large to share (at most 256 KB at once).'),
	boardFull: msg(
		'The board is full (2 MB). Your last change was not shared: the teacher can clear the board to make room.',
	),
	onlyTeacherClears: msg("Only the teacher can clear the board or remove other people's drawings."),
	chatNotSent: msg('Your message could not be sent. Send it again.'),
	drawingNotSaved: msg(
		'Your drawing could not be saved yet. It stays on the board and is saved as soon as the server can.',
	),
} as const

/** Counters shared by every room (in Redis, by every API process); keys are per socket (peer id). */
export function createRates(limits: RoomLimits, redis?: RedisConnections) {
	const limiter = (keyPrefix: string, { points, duration }: { points: number; duration: number }) =>
		createLimiter({ keyPrefix, points, duration }, redis?.commands)
	const chat = limiter('room-chat', limits.chat)
	const board = limiter('room-board', limits.board)
	const drops = limiter('room-drops', limits.drops)
	return {
		limits,
		chat,
		board,
		drops,
		/** A closed socket's counts go with it. */
		forget: (peerId: string) =>
			Promise.all([chat, board, drops].map((rate) => rate.delete(peerId))),
	}
}
export type Rates = ReturnType<typeof createRates>

/** Spends one point; false when the member is over the limit. */
export const allowed = (rate: RateLimiterAbstract, key: string) =>
	rate.consume(key).then(
		() => true,
		() => false,
	)
