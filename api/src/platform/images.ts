import { IMAGE_LIMIT } from './body-limits.ts'
import { ApiError, MESSAGES, validationError } from './errors.ts'

const IMAGE_TYPES = {
	'image/png': 'png',
	'image/jpeg': 'jpg',
	'image/webp': 'webp',
	'image/gif': 'gif',
} as const
export type ImageType = keyof typeof IMAGE_TYPES

export type ImageUpload = {
	bytes: Uint8Array
	contentType: ImageType
	extension: string
	originalName: string | null
}

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
	signature.every((byte, index) => bytes[at + index] === byte)

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

/** The image type the bytes really are, whatever the upload claims. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
	if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
	if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
	if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
	if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
	return null
}

const declaredType = (file: File) => {
	const type = file.type.toLowerCase().split(';')[0]?.trim()
	return type === 'image/jpg' ? 'image/jpeg' : type
}

const isEmptyFileInput = (value: unknown) =>
	value instanceof File && value.size === 0 && !value.name

/**
 * Reads a required image form field: PNG, JPEG, WebP or GIF by both its declared type and its
 * bytes, at most 2 MB.
 */
export async function readImage(value: unknown, field: string): Promise<ImageUpload> {
	if (!(value instanceof File) || isEmptyFileInput(value)) {
		throw validationError([{ path: field, msg: 'Choose an image to upload' }])
	}
	if (value.size > IMAGE_LIMIT) throw new ApiError(413, MESSAGES.fileTooLarge)
	const bytes = new Uint8Array(await value.arrayBuffer())
	const contentType = sniffImageType(bytes)
	if (!contentType || declaredType(value) !== contentType) {
		throw validationError([{ path: field, msg: 'Use a PNG, JPEG, WebP or GIF image' }])
	}
	return {
		bytes,
		contentType,
		extension: IMAGE_TYPES[contentType],
		originalName: value.name ? value.name.slice(0, 255) : null,
	}
}

/** As `readImage`, but no file is fine: an empty file input arrives as '' or as an empty nameless file. */
export const readOptionalImage = async (value: unknown, field: string) =>
	value === undefined || value === '' || isEmptyFileInput(value) ? null : readImage(value, field)
