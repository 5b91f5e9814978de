import type { z } from 'zod'
import type { MessageRow, RoomRow } from './repository.ts'
import type { chatMessage, room } from './schemas.ts'
import { isHost } from './schemas.ts'

/**
 * A room as the API answers it (`Room` in the document); `role` is the caller's part in it: an organization looks
 * on at the rooms of its own courses (`observer`).
 */
export function toRoom(row: RoomRow, callerId: string, observer = false): z.input<typeof room> {
	return {
		id: row.id,
		courseId: row.course_id,
		courseTitle: row.course_title,
		kind: row.kind,
		title: row.title,
		ownerId: row.owner_id,
		ownerName: row.owner_name,
		role: observer
			? ('observer' as const)
			: isHost(row, callerId)
				? ('host' as const)
				: ('participant' as const),
		endedAt: row.ended_at?.toISOString() ?? null,
		createdAt: row.created_at.toISOString(),
	}
}

export function toMessage(row: MessageRow): z.input<typeof chatMessage> {
	return {
		id: row.id,
		roomId: row.room_id,
		text: row.body,
		author:
			row.author_id && row.author_role
				? {
						id: row.author_id,
						name: `${row.first_name} ${row.last_name}`,
						role: row.author_role,
					}
				: null,
		createdAt: row.created_at.toISOString(),
	}
}

export type ChatMessage = ReturnType<typeof toMessage>
