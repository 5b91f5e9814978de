import { randomUUID } from 'node:crypto'
import type { Db } from '../db.ts'
import type { ImageUpload } from '../platform/images.ts'
import type { Storage } from '../platform/storage.ts'
import type { AccountType } from '../schema.ts'
import { deleteFileRecord, recordFile } from './repository.ts'

type Deps = { db: Db; storage: Storage }

/** Stores the image under a fresh random key and records who uploaded it; answers the key. */
export async function storeImage(
	{ db, storage }: Deps,
	owner: { id: string; type: AccountType },
	image: ImageUpload,
): Promise<string> {
	const key = `${randomUUID()}.${image.extension}`
	await storage.put(key, image.bytes, image.contentType)
	try {
		await recordFile(db, {
			key,
			owner,
			contentType: image.contentType,
			size: image.bytes.byteLength,
			originalName: image.originalName,
		})
	} catch (error) {
		await storage.delete(key)
		throw error
	}
	return key
}

export async function removeFile({ db, storage }: Deps, key: string): Promise<void> {
	await deleteFileRecord(db, key)
	await storage.delete(key)
}
