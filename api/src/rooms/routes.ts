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
	socketSpeaker,
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
					description:
						"The course's teacher opens a live room (`kind`: `classroom` by default, or `whiteboard`: the page it opens on; both pages work for every room). A room belongs to a course; its members are the room's owner, the course's teacher, its enrolled students and anyone the host invited; the host (owner or course teacher) may invite, mute everyone and end the session. An organization has no seat: it looks on at the rooms of its own courses (`role: \"observer\"`), reading each room and its chat.",
					responses: answers(
						{ 201: roomCreated },
						{ 403: MESSAGES.forbidden, 404: ROOM_MESSAGES.courseNotFound },
					),
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
					description:
						"Any signed-in account: the rooms the caller may join, newest first, at most 100, of one course if `courseId` is given; for an organization, the rooms of its own courses. `role` is the caller's part: `host`, `participant` or `observer`; `endedAt` is set once the session ends.",
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
					description:
						"The room's members, and the organization of its course. A room belongs to a course; its members are the room's owner, the course's teacher, its enrolled students and anyone the host invited; the host (owner or course teacher) may invite, mute everyone and end the session. An organization has no seat: it looks on at the rooms of its own courses (`role: \"observer\"`), reading each room and its chat.",
					responses: answers(
						{ 200: roomAnswer },
						{ 403: [ROOM_MESSAGES.notMember, MESSAGES.forbidden], 404: ROOM_MESSAGES.notFound },
					),
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
					description:
						'The host lets someone outside the course in, by their email (again for the same person: 201).',
					responses: answers(
						{ 201: invited },
						{
							403: [ROOM_MESSAGES.notMember, MESSAGES.forbidden],
							404: [ROOM_MESSAGES.notFound, ROOM_MESSAGES.userNotFound],
						},
					),
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
					description:
						"The room's members, and the organization of its course: the latest 200 chat messages, oldest first.",
					responses: answers(
						{ 200: messageList },
						{ 403: [ROOM_MESSAGES.notMember, MESSAGES.forbidden], 404: ROOM_MESSAGES.notFound },
					),
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
					description: 'A member sends a chat message, also pushed to everyone connected.',
					responses: answers(
						{ 201: messageSent },
						{
							403: [ROOM_MESSAGES.notMember, MESSAGES.forbidden],
							404: ROOM_MESSAGES.notFound,
							409: ROOM_MESSAGES.ended,
						},
					),
				},
				async (c) => {
					const { room, account } = await loadMemberRoom(
						db,
						c.get('account'),
						c.req.valid('param').id,
					)
					const { text } = c.req.valid('json')
					if (room.ended_at) throw new ApiError(409, ROOM_MESSAGES.ended)
					const message = toMessage((await insertMessage(db, room.id, account.id, text)).row)
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
					description:
						'The host ends the session (again: 200): connected sockets get `{ type: "ended" }` and are closed with 4000, and the room takes no more messages.',
					responses: answers(
						{ 200: roomAnswer.extend({ message: z.string() }) },
						{ 403: [ROOM_MESSAGES.notMember, MESSAGES.forbidden], 404: ROOM_MESSAGES.notFound },
					),
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
					description:
						'A member (empty body) gets a ticket that opens the room\'s socket once, within 60 s.\n\n**The room socket**: `GET /api/v1/rooms/{id}/socket?ticket=<ticket>&view=classroom|whiteboard&lang=<language>` (or an `Authorization: Bearer` header instead of the ticket). Its notices (`{ type: "error", message }`, the 4008 close reason) are said in `lang` (the page\'s language), else `Accept-Language`, else the member\'s own or organization\'s language, else English (decision 072). Browsers use tickets through the web app\'s origin (`server.mjs` passes the upgrade on and forwards no cookie). A refused upgrade is an HTTP answer with the reason in `X-Refusal`: 403 `Access token is missing or expired` (no, forged, used or expired ticket), 403 `You are not a member of this room`, 404 `Room not found`, 426 for a plain GET. A member who connects after the end is sent `{ type: "ended" }` and closed with 4000.\n\nBinary frames carry the whiteboard: [Yjs](https://docs.yjs.dev) updates of one document whose `items` array holds the drawings (`{ id, kind: pen|eraser|line|rect|ellipse|text, color, width, points, text? }`). On connect the server sends the whole document, then the welcome; each update is applied, stored (a log in `room_board_updates`, folded into one snapshot every 200 updates) and passed to the others in every API process (through Redis with `REDIS_URL`). An update that could not be stored is kept and stored once the database answers; its drawer is told once: `Your drawing could not be saved yet. It stays on the board and is saved as soon as the server can.`\n\nText frames are JSON. From the client: `{ type: "chat", text }`, `{ type: "hand", raised }`, `{ type: "media", inCall, camera, microphone }`, `{ type: "mute-all" }` and `{ type: "end" }` (host only), `{ type: "signal", to: peerId, data }` (WebRTC, relayed as is). From the server: `{ type: "welcome", peerId, participants, messages }` (the latest 100), `{ type: "participants", participants }`, `{ type: "chat", message }` (to everyone, its author too, once stored; else to its author alone `{ type: "error", message: "Your message could not be sent. Send it again.", unsent }`), `{ type: "muted", by }`, `{ type: "signal", from, data }`, `{ type: "ended" }`, `{ type: "error", message }`, `{ type: "split", split }` (true: the API serving this socket is cut off from the other API processes, so members elsewhere are not heard for now; false once it hears them again, when the room catches up with what was stored meanwhile). A chat message may carry the page\'s own `clientId` (up to 64 characters): once stored, its author alone also gets `{ type: "sent", clientId, message }`, and the same `clientId` sent again by the same author is acknowledged with the message stored before, not stored or echoed twice; one refused for coming too fast comes back like one that could not be stored, with its `clientId`. A participant is `{ peerId, userId, name, role, host, view, hand, inCall, camera, microphone }`, one per open socket in any process (a process that stops without a word is forgotten within 45 s). After a lost Redis or database, each process delivers the stored messages its members missed, once.\n\nLimits per member (decision 015): 10 chat messages and 60 board updates in 10 s, past which each is dropped with `You are sending messages too fast. Wait a moment and try again.` / `You are drawing too fast. Wait a moment: your last change was not shared.`; an update of at most 256 KB, a document of at most 2 MB; only the host may take others\' drawings off the board (`Only the teacher can clear the board or remove other people\'s drawings.`). Close codes: 4000 the session ended, 1012 the server is restarting (reconnect with a new ticket), 1003 a bad update, 4008 50 drops in a minute.',
					responses: answers(
						{ 201: socketTicket },
						{
							403: [ROOM_MESSAGES.notMember, MESSAGES.forbidden],
							404: ROOM_MESSAGES.notFound,
							409: ROOM_MESSAGES.ended,
						},
					),
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
			// is in the description of POST /rooms/{id}/ticket, and it stays a plain route.
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
							speaker: await socketSpeaker(db, c, userId),
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
