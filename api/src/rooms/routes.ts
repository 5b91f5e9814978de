import { upgradeWebSocket } from '@hono/node-server'
import { z } from '@hono/zod-openapi'
import { findCourseStaff } from '../courses/repository.ts'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, jsonBody } from '../platform/openapi.ts'
import { accountGuard } from '../platform/require-account.ts'
import { readId } from '../platform/validation.ts'
import { CLOSE_ENDED, type Connection } from './connection.ts'
import { roomHubs } from './hubs.ts'
import { ROOM_LIMITS } from './limits.ts'
import type { Member, View } from './presence.ts'
import { toMessage, toRoom } from './present.ts'
import {
	addInvite,
	endRoom,
	findUserByEmail,
	findUserName,
	insertMessage,
	insertRoom,
	isMember,
	issueTicket,
	listMessages,
	listOrganizationRooms,
	listRooms,
} from './repository.ts'
import {
	invite,
	invited,
	isHost,
	messageList,
	messageSent,
	newMessage,
	newRoom,
	roomAnswer,
	roomCreated,
	roomList,
	roomListQuery,
	roomParams,
	socketTicket,
} from './schemas.ts'
import {
	ROOM_MESSAGES,
	requireUserAccount,
	loadRoom,
	loadMemberRoom,
	loadViewableRoom,
	socketUser,
	refuse,
} from './access.ts'

/** Who a checked upgrade request is, from the guard to the socket handler. */
const joining = new WeakMap<Request, { roomId: string; member: Member; ended: boolean }>()

export function roomRoutes(deps: ApiDeps) {
	const { db, config } = deps
	const requireAccount = accountGuard({ db, config })
	const hubs = roomHubs(deps, { ...ROOM_LIMITS, ...config.roomLimits })

	const signedIn = requireAccount()
	return (
		new ApiRoutes(config, 'rooms')
			.endpoint(
				{
					method: 'post',
					path: '/',
					operationId: 'createRoom',
					summary: "Open a live room for one of the tutor's courses",
					middleware: requireAccount({ roles: ['tutor'] }),
					request: { body: jsonBody(newRoom) },
					responses: answers({ 201: roomCreated }),
				},
				async (c) => {
					const account = c.get('account')
					const input = c.req.valid('json')
					const course = await findCourseStaff(db, input.courseId)
					if (!course) throw new ApiError(404, ROOM_MESSAGES.courseNotFound)
					if (course.tutor_id !== account.id) throw new ApiError(403, MESSAGES.forbidden)
					const room = await insertRoom(db, { ...input, ownerId: account.id })
					return c.json(
						{ message: 'Room created successfully', room: toRoom(room, account.id) },
						201,
					)
				},
			)
			.endpoint(
				{
					method: 'get',
					path: '/',
					operationId: 'listRooms',
					summary:
						"The caller's rooms (an organization's: those of its courses), of a course or all",
					middleware: signedIn,
					request: { query: roomListQuery },
					responses: answers({ 200: roomList }),
				},
				async (c) => {
					const account = c.get('account')
					const { courseId } = c.req.valid('query')
					if (account.role === 'organization') {
						const rows = await listOrganizationRooms(db, account.id, courseId)
						return c.json({ rooms: rows.map((row) => toRoom(row, account.id, true)) }, 200)
					}
					const rows = await listRooms(db, account.id, courseId)
					return c.json({ rooms: rows.map((row) => toRoom(row, account.id)) }, 200)
				},
			)
			.endpoint(
				{
					method: 'get',
					path: '/{id}',
					operationId: 'getRoom',
					summary: 'A room, to its members and to the organization of its course',
					middleware: signedIn,
					request: { params: roomParams },
					responses: answers({ 200: roomAnswer }),
				},
				async (c) => {
					const { room, account, observer } = await loadViewableRoom(
						db,
						c.get('account'),
						c.req.valid('param').id,
					)
					return c.json({ room: toRoom(room, account.id, observer) }, 200)
				},
			)
			.endpoint(
				{
					method: 'post',
					path: '/{id}/invites',
					operationId: 'inviteToRoom',
					summary: 'The host lets someone outside the course in, by their email',
					middleware: signedIn,
					request: { params: roomParams, body: jsonBody(invite) },
					responses: answers({ 201: invited }),
				},
				async (c) => {
					const account = c.get('account')
					requireUserAccount(account)
					const room = await loadRoom(db, c.req.valid('param').id)
					if (!isHost(room, account.id)) throw new ApiError(403, MESSAGES.forbidden)
					const { email } = c.req.valid('json')
					const user = await findUserByEmail(db, email)
					if (!user) throw new ApiError(404, ROOM_MESSAGES.userNotFound)
					await addInvite(db, room.id, user.id)
					return c.json(
						{
							message: 'Invitation sent',
							invitee: {
								id: user.id,
								name: `${user.first_name} ${user.last_name}`,
								email: user.email,
							},
						},
						201,
					)
				},
			)
			.endpoint(
				{
					method: 'get',
					path: '/{id}/messages',
					operationId: 'getRoomMessages',
					summary: "The room's latest chat messages, oldest first",
					middleware: signedIn,
					request: { params: roomParams },
					responses: answers({ 200: messageList }),
				},
				async (c) => {
					const { room } = await loadViewableRoom(db, c.get('account'), c.req.valid('param').id)
					const rows = await listMessages(db, room.id)
					return c.json({ messages: rows.map(toMessage) }, 200)
				},
			)
			.endpoint(
				{
					method: 'post',
					path: '/{id}/messages',
					operationId: 'postRoomMessage',
					summary: 'Send a chat message to the room (its members, until it ends)',
					middleware: signedIn,
					request: { params: roomParams, body: jsonBody(newMessage) },
					responses: answers({ 201: messageSent }),
				},
				async (c) => {
					const { room, account } = await loadMemberRoom(
						db,
						c.get('account'),
						c.req.valid('param').id,
					)
					const { text } = c.req.valid('json')
					if (room.ended_at) throw new ApiError(409, ROOM_MESSAGES.ended)
					const message = toMessage(await insertMessage(db, room.id, account.id, text))
					hubs.share({ roomId: room.id, type: 'chat', message })
					return c.json({ message: 'Message sent', chatMessage: message }, 201)
				},
			)
			.endpoint(
				{
					method: 'post',
					path: '/{id}/end',
					operationId: 'endRoomSession',
					summary:
						'The host ends the session: everyone in it is told, and it takes no more messages',
					middleware: signedIn,
					request: { params: roomParams },
					responses: answers({ 200: roomAnswer.extend({ message: z.string() }) }),
				},
				async (c) => {
					const account = c.get('account')
					requireUserAccount(account)
					const room = await loadRoom(db, c.req.valid('param').id)
					if (!isHost(room, account.id)) throw new ApiError(403, MESSAGES.forbidden)
					const ended = await endRoom(db, room.id)
					hubs.share({ roomId: room.id, type: 'end' })
					return c.json({ message: 'Session ended', room: toRoom(ended, account.id) }, 200)
				},
			)
			.endpoint(
				{
					method: 'post',
					path: '/{id}/ticket',
					operationId: 'createRoomTicket',
					summary: "A single-use ticket for the room's socket (GET /rooms/{id}/socket?ticket=...)",
					middleware: signedIn,
					request: { params: roomParams },
					responses: answers({ 201: socketTicket }),
				},
				async (c) => {
					const { room, account } = await loadMemberRoom(
						db,
						c.get('account'),
						c.req.valid('param').id,
					)
					if (room.ended_at) throw new ApiError(409, ROOM_MESSAGES.ended)
					const { ticket, expiresAt } = await issueTicket(db, room.id, account.id)
					return c.json({ ticket, expiresAt: expiresAt.toISOString() }, 201)
				},
			)
			// The socket is not a call of the contract (OpenAPI describes no WebSocket): its protocol
			// is in api/README.md (Rooms), and it stays a plain route.
			.get(
				'/:id/socket',
				async (c, next) => {
					if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
						throw new ApiError(426, 'Expected a WebSocket upgrade')
					}
					try {
						const room = await loadRoom(db, readId('id', c.req.param('id')))
						const userId = await socketUser(deps, c, room.id)
						if (!userId) throw new ApiError(403, MESSAGES.tokenMissing)
						if (!(await isMember(db, room, userId)))
							throw new ApiError(403, ROOM_MESSAGES.notMember)
						const user = await findUserName(db, userId)
						if (!user) throw new ApiError(403, MESSAGES.tokenMissing)
						const view: View = c.req.query('view') === 'whiteboard' ? 'whiteboard' : 'classroom'
						const member: Member = {
							userId,
							name: `${user.first_name} ${user.last_name}`,
							role: user.role,
							host: isHost(room, userId),
							view,
						}
						joining.set(c.req.raw, { roomId: room.id, member, ended: room.ended_at !== null })
					} catch (error) {
						if (error instanceof ApiError) return refuse(c, error)
						throw error
					}
					await next()
				},
				upgradeWebSocket((c) => {
					const { roomId, member, ended } = joining.get(c.req.raw)!
					let connection: Connection | null = null
					return {
						onOpen: (_event, socket) => {
							// A member arriving after the end (a page that raced the host's click) is told so
							// in the protocol, rather than refused at the handshake the browser logs as an error.
							if (ended) {
								socket.send(JSON.stringify({ type: 'ended' }))
								socket.close(CLOSE_ENDED.code, CLOSE_ENDED.reason)
								return
							}
							connection = hubs.join(roomId, member, socket)
						},
						onMessage: (event) => connection?.onMessage(event.data as string | ArrayBuffer),
						onClose: () => connection?.onClose(),
					}
				}),
			)
	)
}
