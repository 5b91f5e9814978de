import { msg, t } from '@lingui/core/macro'
import { z } from 'zod'
import { emailField } from '~/features/account/schema'

// The rooms calls of api/README.md, as the app reads them.
export const roomSchema = z.object({
	id: z.string(),
	courseId: z.string(),
	courseTitle: z.string(),
	kind: z.enum(['classroom', 'whiteboard']),
	title: z.string(),
	ownerId: z.string(),
	ownerName: z.string(),
	// An organization looks on at the rooms of its own courses (`observer`): it reads, takes no part.
	role: z.enum(['host', 'participant', 'observer']),
	endedAt: z.string().nullable(),
	createdAt: z.string(),
})
export type Room = z.infer<typeof roomSchema>

export const chatMessageSchema = z.object({
	id: z.string(),
	roomId: z.string(),
	text: z.string(),
	author: z.object({ id: z.string(), name: z.string(), role: z.string() }).nullable(),
	createdAt: z.string(),
})
export type ChatMessage = z.infer<typeof chatMessageSchema>

export const ticketSchema = z.object({ ticket: z.string(), expiresAt: z.string() })

/** Longest chat message, as the API allows. */
export const MESSAGE_MAX = 2000

/** The chat's length error, in the page's language. */
export function messageTooLong() {
	const max = MESSAGE_MAX
	return t`Message must be at most ${max} characters`
}

/** The chat form: the same schema checks it in the browser and in the action. */
export const chatFormSchema = z.object({
	intent: z.literal('message'),
	text: z
		.string({ error: () => t`Message is required` })
		.trim()
		.min(1, { error: () => t`Message is required` })
		.max(MESSAGE_MAX, { error: () => messageTooLong() }),
})

export const endFormSchema = z.object({ intent: z.literal('end') })

/** The host lets someone outside the course in, by their account's email. */
export const inviteFormSchema = z.object({ intent: z.literal('invite'), email: emailField })

/** The page's script asks for a fresh socket ticket after a drop. */
export const ticketRequestSchema = z.object({ intent: z.literal('ticket') })

/** Every post to a room page, told apart by `intent`. */
export const roomFormSchema = z.discriminatedUnion('intent', [
	chatFormSchema,
	endFormSchema,
	inviteFormSchema,
	ticketRequestSchema,
])

export const ROOM_KINDS = [
	{ value: 'classroom', label: msg`Classroom (call, chat and whiteboard)` },
	{ value: 'whiteboard', label: msg`Whiteboard only` },
] as const

/** A course's teacher starts a live room. */
export const startRoomSchema = z.object({
	courseId: z
		.string({ error: () => t`Choose a course` })
		.min(1, { error: () => t`Choose a course` }),
	title: z
		.string({ error: () => t`Title is required` })
		.trim()
		.min(1, { error: () => t`Title is required` })
		.max(120, { error: () => t`Title must be at most 120 characters` }),
	kind: z.enum(['classroom', 'whiteboard'], { error: () => t`Choose what kind of room` }),
})
