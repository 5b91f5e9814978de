import { z } from 'zod'
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

/** What a browser may send over the room socket as text; Yjs updates travel as binary frames. */
export const socketMessage = z.discriminatedUnion('type', [
	z.object({ type: z.literal('chat'), text: requiredText('Message', MESSAGE_MAX) }),
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
