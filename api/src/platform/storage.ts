import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export type StoredFile = { bytes: Uint8Array<ArrayBuffer>; contentType: string }

/** Where uploaded files live; the disk one below, or an object store in a larger deployment. */
export interface Storage {
	put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
	get(key: string): Promise<StoredFile | null>
	delete(key: string): Promise<void>
}

/** One name, an optional short extension: no `/`, no `..`, nothing that leaves the directory. */
export const FILE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}(\.[a-z0-9]{1,8})?$/

/** Keys starting with this are never served by the public `/files/{key}` route: the calls that
 * own them check who is asking (task attachments and submissions). */
export const PRIVATE_FILE_PREFIX = 'private-'

export function createDiskStorage(dir: string): Storage {
	const pathOf = (key: string) => {
		if (!FILE_KEY.test(key)) throw new Error(`Invalid storage key: ${key}`)
		return join(dir, key)
	}
	// The content type sits beside the bytes; `.content-type` can never match FILE_KEY itself.
	const typePathOf = (key: string) => `${pathOf(key)}.content-type`

	return {
		async put(key, bytes, contentType) {
			await mkdir(dir, { recursive: true })
			await writeFile(pathOf(key), bytes)
			await writeFile(typePathOf(key), contentType)
		},
		async get(key) {
			try {
				const [bytes, contentType] = await Promise.all([
					readFile(pathOf(key)),
					readFile(typePathOf(key), 'utf8'),
				])
				return { bytes, contentType }
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
				throw error
			}
		},
		async delete(key) {
			await rm(pathOf(key), { force: true })
			await rm(typePathOf(key), { force: true })
		},
	}
}
