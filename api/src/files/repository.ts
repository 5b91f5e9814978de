import type { Db } from '../db.ts'
import type { AccountType } from '../schema.ts'

export type StoredFile = {
	key: string
	owner: { id: string; type: AccountType }
	contentType: string
	size: number
	originalName: string | null
}

/** Records who uploaded a stored file. */
export async function recordFile(db: Db, file: StoredFile) {
	await db
		.insertInto('files')
		.values({
			key: file.key,
			owner_id: file.owner.id,
			owner_type: file.owner.type,
			content_type: file.contentType,
			size: file.size,
			original_name: file.originalName,
		})
		.execute()
}

export async function deleteFileRecord(db: Db, key: string) {
	await db.deleteFrom('files').where('key', '=', key).execute()
}
