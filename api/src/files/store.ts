import { randomUUID } from 'node:crypto'
import type { Db } from '../db.ts'
import type { ImageUpload } from '../platform/images.ts'
import type { Storage } from '../platform/storage.ts'
import type { AccountType } from '../schema.ts'

type Deps = { db: Db; storage: Storage }

/** The path, under the API base, that serves a stored file. */
export const fileUrl = (key: string | null) => (key ? `/files/${key}` : null)

/** Stores the image under a fresh random key and records who uploaded it; answers the key. */
export async function storeImage(
	{ db, storage }: Deps,
	owner: { id: string; type: AccountType },
	image: ImageUpload,
): Promise<string> {
	const key = `${randomUUID()}.${image.extension}`
	await storage.put(key, image.bytes, image.contentType)
	try {
		await db
			.insertInto('files')
			.values({
				key,
				owner_id: owner.id,
				owner_type: owner.type,
				content_type: image.contentType,
				size: image.bytes.byteLength,
				original_name: image.originalName,
			})
			.execute()
	} catch (error) {
		await storage.delete(key)
		throw error
	}
	return key
}

export async function removeFile({ db, storage }: Deps, key: string): Promise<void> {
	await db.deleteFrom('files').where('key', '=', key).execute()
	await storage.delete(key)
}
