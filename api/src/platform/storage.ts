import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

/** What `put` takes: the bytes in hand, or a stream that is written as it arrives. */
export type FileBody = Uint8Array | ReadableStream<Uint8Array>

/** A stored file opened for reading: its bytes arrive as they are read, never held whole. */
export type StoredFile = {
	body: ReadableStream<Uint8Array>
	contentType: string
	/** Bytes, when the store knows it (both stores here do). */
	size: number | undefined
}

/**
 * Where uploaded files live: the disk below, or an S3-compatible bucket (storage-s3.ts) that
 * several API processes share. A file opened with `get` must be read to its end or cancelled.
 */
export interface Storage {
	put(key: string, body: FileBody, contentType: string): Promise<void>
	get(key: string): Promise<StoredFile | null>
	delete(key: string): Promise<void>
}

/** One name, an optional short extension: no `/`, no `..`, nothing that leaves the directory. */
export const FILE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}(\.[a-z0-9]{1,8})?$/

/** Keys starting with this are never served by the public `/files/{key}` route: the calls that
 * own them check who is asking (task attachments and submissions). */
export const PRIVATE_FILE_PREFIX = 'private-'

export function assertFileKey(key: string): string {
	if (!FILE_KEY.test(key)) throw new Error(`Invalid storage key: ${key}`)
	return key
}

/** The whole file, for the few callers that need every byte at once (tests, small seeds). */
export async function readStoredBytes(storage: Storage, key: string): Promise<Uint8Array | null> {
	const file = await storage.get(key)
	return file ? new Uint8Array(await new Response(file.body).arrayBuffer()) : null
}

export function createDiskStorage(dir: string): Storage {
	const pathOf = (key: string) => join(dir, assertFileKey(key))
	// The content type sits beside the bytes; `.content-type` can never match FILE_KEY itself.
	const typePathOf = (key: string) => `${pathOf(key)}.content-type`

	return {
		async put(key, body, contentType) {
			await mkdir(dir, { recursive: true })
			// Written under a temporary name and renamed: a reader never sees half a file.
			const partial = join(dir, `.partial-${randomUUID()}`)
			try {
				if (body instanceof Uint8Array) await writeFile(partial, body)
				else
					await pipeline(Readable.fromWeb(body as NodeReadableStream), createWriteStream(partial))
				await writeFile(typePathOf(key), contentType)
				await rename(partial, pathOf(key))
			} catch (error) {
				await rm(partial, { force: true })
				throw error
			}
		},
		async get(key) {
			let handle
			try {
				handle = await open(pathOf(key), 'r')
				const [contentType, stats] = await Promise.all([
					readFile(typePathOf(key), 'utf8'),
					handle.stat(),
				])
				const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>
				return { body, contentType, size: stats.size }
			} catch (error) {
				await handle?.close()
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
