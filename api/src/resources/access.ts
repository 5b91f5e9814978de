import { ApiError } from '../platform/errors.ts'
import { findResource } from './repository.ts'
import type { Db } from '../db.ts'

// Finding a resource (moved from resources/routes.ts, decision 060).

export async function resourceOrNotFound(db: Db, id: string) {
	const row = await findResource(db, id)
	if (!row) throw new ApiError(404, 'Resource not found')
	return row
}
