import type { Context } from 'hono'
import type { Db } from '../db.ts'
import type { Account, ApiDeps, ApiEnv } from '../platform/context.ts'
import { spokenLanguage } from '../account/repository.ts'
import { ApiError, codeOf, MESSAGES } from '../platform/errors.ts'
import { requestSpeaker, speaker, type Speaker } from '../platform/i18n.ts'
import { authenticate } from '../platform/access-tokens.ts'
import { findRoom, isMember, redeemTicket, type RoomRow } from './repository.ts'

// Who may join, read or open the socket of a room (moved from rooms/routes.ts, decision 060).

export const ROOM_MESSAGES = {
	notFound: 'Room not found',
	notMember: 'You are not a member of this room',
	ended: 'This session has ended',
	userNotFound: 'User not found',
	courseNotFound: 'Course not found',
} as const

export const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * Rooms seat people: an organization account takes no part in one (no chat, no socket, no
 * hosting). It only looks on at the rooms of its own courses (`loadViewableRoom`).
 */
export function requireUserAccount(account: Account) {
	if (account.role === 'organization') throw new ApiError(403, MESSAGES.forbidden)
}

export async function loadRoom(db: Db, id: string): Promise<RoomRow> {
	const room = await findRoom(db, id)
	if (!room) throw new ApiError(404, ROOM_MESSAGES.notFound)
	return room
}

export async function loadMemberRoom(db: Db, account: Account, id: string) {
	requireUserAccount(account)
	const room = await loadRoom(db, id)
	if (!(await isMember(db, room, account.id))) throw new ApiError(403, ROOM_MESSAGES.notMember)
	return { room, account }
}

/** Reading a room: its members, and the organization whose course it belongs to (never another). */
export async function loadViewableRoom(db: Db, account: Account, id: string) {
	if (account.role !== 'organization')
		return { ...(await loadMemberRoom(db, account, id)), observer: false }
	const room = await loadRoom(db, id)
	if (room.course_organization_id !== account.id) throw new ApiError(403, ROOM_MESSAGES.notMember)
	return { room, account, observer: true }
}

/** Who opens the socket: a single-use ticket (browsers) or a bearer token (other clients). */
export async function socketUser(deps: ApiDeps, c: Context<ApiEnv>, roomId: string) {
	const ticket = c.req.query('ticket')
	if (ticket) return redeemTicket(deps.db, roomId, ticket)
	const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1]
	const account = token ? await authenticate(token, deps) : null
	if (!account) return null
	requireUserAccount(account)
	return account.id
}

/**
 * Whom a socket's notices speak to (decision 072): its page's language (`?lang=`, which the app's
 * page sends), else the request's `Accept-Language`, else the member's own language or their
 * organization's, else English. Asked once, when the socket opens.
 */
export async function socketSpeaker(db: Db, c: Context<ApiEnv>, userId: string): Promise<Speaker> {
	const asked = c.req.query('lang') || c.req.header('Accept-Language')?.trim()
	if (asked && asked !== '*') return requestSpeaker(asked)
	return speaker(await spokenLanguage(db, { accountType: 'user', accountId: userId }))
}

/** Refuses an upgrade with its status and the reason in `X-Refusal` (browsers see only the code). */
export const refuse = (c: Context<ApiEnv>, error: ApiError) =>
	c.json({ message: error.message, code: codeOf(error.status, error.message) }, error.status, {
		'X-Refusal': error.message,
	})
