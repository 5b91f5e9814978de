import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import type { Refusals } from '../platform/openapi.ts'
import type { TemplateRow } from './present.ts'
import { findTemplate } from './repository.ts'

// Who may see or change a template (moved from qa/routes.ts, decision 060).

export const TEMPLATE_NOT_FOUND = 'Template not found'

/** A call on one of the caller's own templates: its refusals (decision 059). */
export const OWN_TEMPLATE_REFUSALS = {
	403: MESSAGES.forbidden,
	404: TEMPLATE_NOT_FOUND,
} as const satisfies Refusals

/** A template is seen by its creator, and by everyone else while it is active. */
const maySee = (account: Account, row: TemplateRow) =>
	row.is_active || row.created_by === account.id

/** A template the caller may see: 404 otherwise, so an inactive one is not acknowledged. */
export async function visibleTemplate(db: Db, account: Account, id: string) {
	const row = await findTemplate(db, id)
	if (!row || !maySee(account, row)) throw new ApiError(404, TEMPLATE_NOT_FOUND)
	return row
}

/** The caller's own template: 404 when they may not see it, 403 when it is someone else's. */
export async function ownTemplate(db: Db, account: Account, id: string) {
	const row = await visibleTemplate(db, account, id)
	if (row.created_by !== account.id) throw new ApiError(403, MESSAGES.forbidden)
	return row
}
