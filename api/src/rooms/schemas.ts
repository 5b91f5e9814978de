import { z } from '@hono/zod-openapi'
import { isoDateTime, uuidParams } from '../platform/openapi.ts'
import { body, email, requiredText } from '../platform/validation.ts'

export const ROOM_KINDS = ['classroom', 'whiteboard'] as const
export type RoomKind = (typeof ROOM_KINDS)[number]

/** Longest chat message, in characters. */
export const MESSAGE_MAX = 2000

export const newRoom = body({
	courseId: z.guid({ error: 'courseId must be a UUID' }),
	title: requiredText('Title', 120),
	kind: z.enum(ROOM_KINDS, { error: 'Kind must be classroom or whiteboard' }).default('classroom'),
})

export const invite = body({ email })

export const newMessage = body({ text: requiredText('Message', MESSAGE_MAX) })

export const roomListQuery = z.object({
	courseId: z.guid({ error: 'courseId must be a UUID' }).optional(),
})

/** A room as the API answers it; `role` is the caller's part in it. */
export const room = z
	.object({
		id: z.string(),
		courseId: z.string(),
		courseTitle: z.string(),
		kind: z.enum(ROOM_KINDS),
		title: z.string(),
		ownerId: z.string(),
		ownerName: z.string(),
		// An organization looks on at the rooms of its own courses: it reads, takes no part.
		role: z.enum(['host', 'participant', 'observer']),
		endedAt: isoDateTime.nullable(),
		createdAt: isoDateTime,
	})
	.openapi('Room')

/** A chat message; its author is null once their account is gone. */
export const chatMessage = z
	.object({
		id: z.string(),
		roomId: z.string(),
		text: z.string(),
		author: z
			.object({ id: z.string(), name: z.string(), role: z.enum(['student', 'tutor']) })
			.nullable(),
		createdAt: isoDateTime,
	})
	.openapi('ChatMessage')

export const roomParams = uuidParams('id')

export const roomAnswer = z.object({ room })

export const roomCreated = z.object({ message: z.string(), room })

export const roomList = z.object({ rooms: z.array(room) })

export const invited = z.object({
	message: z.string(),
	invitee: z.object({ id: z.string(), name: z.string(), email: z.string() }),
})

export const messageList = z.object({ messages: z.array(chatMessage) })

export const messageSent = z.object({ message: z.string(), chatMessage })

/** A single-use pass for the room's socket, for a browser (which cannot send a bearer token). */
export const socketTicket = z.object({ ticket: z.string(), expiresAt: isoDateTime })

/** What a browser may send over the room socket as text; Yjs updates travel as binary frames. */
export const socketMessage = z.discriminatedUnion('type', [
	z.object({
		type: z.literal('chat'),
		text: requiredText('Message', MESSAGE_MAX),
		// The page's own id for the message: acknowledged with it, stored once however often sent.
		clientId: z.string().min(1).max(64).optional(),
	}),
	z.object({ type: z.literal('hand'), raised: z.boolean() }),
	z.object({
		type: z.literal('media'),
		inCall: z.boolean(),
		camera: z.boolean(),
		microphone: z.boolean(),
	}),
	z.object({ type: z.literal('mute-all') }),
	z.object({ type: z.literal('end') }),
	z.object({
		type: z.literal('signal'),
		to: z.string().min(1).max(64),
		// An SDP offer or answer, or an ICE candidate: relayed as is to one peer in the room.
		data: z.record(z.string(), z.unknown()),
	}),
])
export type SocketMessage = z.infer<typeof socketMessage>

/** The owner and the course's teacher run the room (mute all, end, invite). */
export const isHost = (
	room: { owner_id: string; course_tutor_id: string | null },
	userId: string,
) => room.owner_id === userId || room.course_tutor_id === userId
