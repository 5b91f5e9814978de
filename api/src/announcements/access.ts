import type { Account } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { findAnnouncement, findForStudent } from './repository.ts'
import type { Db } from '../db.ts'

// Reading one announcement (moved from announcements/routes.ts, decision 060).

/** A student gets it if it is theirs to read (403 otherwise); staff if they wrote it. */
export async function visibleAnnouncement(db: Db, account: Account, id: string) {
	const row = await findAnnouncement(db, id)
	if (!row) throw new ApiError(404, 'Announcement not found')
	if (account.role === 'student') {
		const visible = await findForStudent(db, account, id)
		if (!visible) throw new ApiError(403, MESSAGES.forbidden)
		return visible
	}
	if (!isAuthor(account, row)) throw new ApiError(403, MESSAGES.forbidden)
	return row
}

export const isAuthor = (account: Account, row: { author_id: string; author_type: string }) =>
	row.author_id === account.id &&
	row.author_type === (account.role === 'organization' ? 'organization' : 'tutor')
