import { z } from 'zod'
import type { Upstream } from '~/platform/upstream.server'
import { chatMessageSchema, roomSchema, ticketSchema } from './schema'

// Answer shapes built once: the upstream client parses a cached answer once per schema.
const roomAnswer = z.object({ room: roomSchema })
const messagesAnswer = z.object({ messages: z.array(chatMessageSchema) })
const roomsAnswer = z.object({ rooms: z.array(roomSchema) })

// The rooms calls of api/README.md; the spec names no texts for them, so the fallbacks follow its
// 'Failed to <verb> <thing>' pattern.
const room = (id: string) => `/rooms/${encodeURIComponent(id)}`

export async function getRoom(api: Upstream, id: string) {
	const answer = await api.get(room(id), {
		schema: roomAnswer,
		fallback: 'Failed to fetch room',
		// Whether the session has ended changes under the cache: always ask.
		fresh: true,
	})
	return answer.room
}

export async function getRoomMessages(api: Upstream, id: string) {
	const answer = await api.get(`${room(id)}/messages`, {
		schema: messagesAnswer,
		fallback: 'Failed to fetch messages',
		// Others post over the socket, which the cache never hears about.
		fresh: true,
		retry: true,
	})
	return answer.messages
}

/** A single-use ticket for the room socket, so the access token stays on the server. */
export function createRoomTicket(api: Upstream, id: string) {
	return api.send('POST', `${room(id)}/ticket`, {
		schema: ticketSchema,
		fallback: 'Failed to join room',
	})
}

export function postRoomMessage(api: Upstream, id: string, text: string) {
	return api.send('POST', `${room(id)}/messages`, {
		json: { text },
		schema: z.object({ chatMessage: chatMessageSchema }),
		fallback: 'Failed to send message',
	})
}

export function endRoomSession(api: Upstream, id: string) {
	return api.send('POST', `${room(id)}/end`, {
		schema: roomAnswer,
		fallback: 'Failed to end session',
	})
}

export async function listRooms(api: Upstream) {
	const answer = await api.get('/rooms', {
		schema: roomsAnswer,
		fallback: 'Failed to fetch rooms',
		fresh: true,
		retry: true,
	})
	return answer.rooms
}

export function createRoom(
	api: Upstream,
	room: { courseId: string; title: string; kind: 'classroom' | 'whiteboard' },
) {
	return api.send('POST', '/rooms', {
		json: room,
		schema: roomAnswer,
		fallback: 'Failed to create room',
	})
}

export function inviteToRoom(api: Upstream, id: string, email: string) {
	return api.send('POST', `${room(id)}/invites`, {
		json: { email },
		schema: z.object({
			invitee: z.object({ id: z.string(), name: z.string(), email: z.string() }),
		}),
		fallback: 'Failed to send invitation',
	})
}
