import { randomUUID } from 'node:crypto'
import { DOCUMENT_LIMIT } from '../platform/body-limits.ts'
import { ApiError, MESSAGES, validationError } from '../platform/errors.ts'
import { sniffImageType } from '../platform/images.ts'
import { log } from '../platform/log.ts'
import { PRIVATE_FILE_PREFIX, type Storage, type StoredFile } from '../platform/storage.ts'

export type DocumentUpload = {
	bytes: Uint8Array
	contentType: string
	extension: string
	name: string
}

const startsWith = (bytes: Uint8Array, signature: number[]) =>
	signature.every((byte, index) => bytes[index] === byte)

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]
const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

/** Plain text: no NUL byte in its first 8 KB (binary files nearly always have one). */
const looksLikeText = (bytes: Uint8Array) => !bytes.subarray(0, 8192).includes(0)

/**
 * Accepted documents by extension: the stored content type comes from this table, never from the
 * upload's own claim, and the bytes must look like that kind of file.
 */
const DOCUMENT_TYPES: Record<string, { type: string; matches: (bytes: Uint8Array) => boolean }> = {
	pdf: { type: 'application/pdf', matches: (bytes) => startsWith(bytes, PDF) },
	png: { type: 'image/png', matches: (bytes) => sniffImageType(bytes) === 'image/png' },
	jpg: { type: 'image/jpeg', matches: (bytes) => sniffImageType(bytes) === 'image/jpeg' },
	jpeg: { type: 'image/jpeg', matches: (bytes) => sniffImageType(bytes) === 'image/jpeg' },
	gif: { type: 'image/gif', matches: (bytes) => sniffImageType(bytes) === 'image/gif' },
	webp: { type: 'image/webp', matches: (bytes) => sniffImageType(bytes) === 'image/webp' },
	txt: { type: 'text/plain; charset=utf-8', matches: looksLikeText },
	md: { type: 'text/markdown; charset=utf-8', matches: looksLikeText },
	csv: { type: 'text/csv; charset=utf-8', matches: looksLikeText },
	doc: { type: 'application/msword', matches: (bytes) => startsWith(bytes, OLE) },
	xls: { type: 'application/vnd.ms-excel', matches: (bytes) => startsWith(bytes, OLE) },
	ppt: { type: 'application/vnd.ms-powerpoint', matches: (bytes) => startsWith(bytes, OLE) },
	docx: {
		type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
		matches: (bytes) => startsWith(bytes, ZIP),
	},
	xlsx: {
		type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
		matches: (bytes) => startsWith(bytes, ZIP),
	},
	pptx: {
		type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
		matches: (bytes) => startsWith(bytes, ZIP),
	},
	zip: { type: 'application/zip', matches: (bytes) => startsWith(bytes, ZIP) },
}

/** The media types a stored document is served with, for the contract (decision 055). */
export const DOCUMENT_MEDIA_TYPES = [
	...new Set(Object.values(DOCUMENT_TYPES).map(({ type }) => type.split(';')[0]!)),
]

export const FILE_NOT_FOUND = 'File not found'

export const DOCUMENT_KINDS = 'a PDF, image, text, Word, Excel, PowerPoint or ZIP file'

const isEmptyFileInput = (value: unknown) =>
	value === undefined || value === '' || (value instanceof File && value.size === 0 && !value.name)

/** A file form field: required, at most 10 MB (413), one of DOCUMENT_TYPES by name and bytes (400). */
export async function readDocument(value: unknown, field: string): Promise<DocumentUpload> {
	if (isEmptyFileInput(value) || !(value instanceof File)) {
		throw validationError([{ path: field, msg: 'Choose a file to upload' }])
	}
	if (value.size > DOCUMENT_LIMIT) throw new ApiError(413, MESSAGES.documentTooLarge)
	if (value.size === 0) throw validationError([{ path: field, msg: 'The file is empty' }])
	const name = value.name.replace(/[\\/]/g, '_').slice(-200) || 'file'
	const extension = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase() ?? ''
	const kind = DOCUMENT_TYPES[extension]
	const bytes = new Uint8Array(await value.arrayBuffer())
	if (!kind || !kind.matches(bytes)) {
		throw validationError([{ path: field, msg: `Upload ${DOCUMENT_KINDS}` }])
	}
	return { bytes, contentType: kind.type, extension, name }
}

/** As readDocument, but an empty file input means no file. */
export const readOptionalDocument = async (value: unknown, field: string) =>
	isEmptyFileInput(value) ? null : readDocument(value, field)

/** A plain-text document made in code (the demo seed's worksheets and answers). */
export const textDocument = (name: string, body: string): DocumentUpload => ({
	bytes: new TextEncoder().encode(body),
	contentType: 'text/plain; charset=utf-8',
	extension: 'txt',
	name,
})

/** Stores the document under a fresh private key; answers the key. */
export async function storeDocument(storage: Storage, document: DocumentUpload) {
	const key = `${PRIVATE_FILE_PREFIX}${randomUUID()}.${document.extension}`
	await storage.put(key, document.bytes, document.contentType)
	return key
}

/** Stores the document (as storeDocument) and answers what a task or a submission records of it. */
export async function storeAttachment(storage: Storage, document: DocumentUpload) {
	const key = await storeDocument(storage, document)
	return { key, name: document.name, type: document.contentType, size: document.bytes.byteLength }
}

/** Deletes a stored file that is no longer needed; a failure is logged, not the caller's. */
export const removeQuietly = (storage: Storage, key: string) =>
	storage
		.delete(key)
		.catch((error: unknown) => log.error({ err: error, key }, 'Could not remove file'))

/** A stored file as a download (a HEAD request gets its headers only): 404 when it is gone. */
export async function downloadStored(
	storage: Storage,
	stored: { key: string | null; name: string | null },
	head: boolean,
) {
	const file = stored.key ? await storage.get(stored.key) : null
	if (!file) throw new ApiError(404, FILE_NOT_FOUND)
	if (head) await file.body.cancel()
	return fileResponse(file, stored.name ?? 'download')
}

/** The download answer: the bytes as they are read, their type, and a file name the browser saves them under. */
export function fileResponse(file: StoredFile, name: string) {
	const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
	return new Response(file.body, {
		headers: {
			'Content-Type': file.contentType,
			...(file.size !== undefined && { 'Content-Length': String(file.size) }),
			'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
			'X-Content-Type-Options': 'nosniff',
			'Cache-Control': 'private, no-store',
		},
	})
}
