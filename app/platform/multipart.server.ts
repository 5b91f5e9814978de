/** Bytes read (and thrown away) from an oversized body so the browser still gets the answer. */
const DRAIN_LIMIT = 100 * 1024 * 1024

export type LimitedForm =
	{ tooLarge: false; formData: FormData } | { tooLarge: true; formData: FormData }

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number) {
	let total = alreadyRead
	while (total <= DRAIN_LIMIT) {
		const { done, value } = await reader.read()
		if (done) return
		total += value.byteLength
	}
	await reader.cancel()
}

/**
 * Reads a request body of at most `maxBytes` into memory; a larger one is drained unread and
 * answers null. No body reads as no bytes.
 */
export async function readBodyWithin(
	request: Request,
	maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
	const declared = Number(request.headers.get('Content-Length') ?? Number.NaN)
	const body = request.body
	if (!body) return new Uint8Array(0)
	const reader = body.getReader()
	if (Number.isFinite(declared) && declared > maxBytes) {
		await drain(reader, 0)
		return null
	}
	const chunks: Uint8Array[] = []
	let total = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		total += value.byteLength
		if (total > maxBytes) {
			await drain(reader, total)
			return null
		}
		chunks.push(value)
	}
	const bytes = new Uint8Array(total)
	let offset = 0
	for (const chunk of chunks) {
		bytes.set(chunk, offset)
		offset += chunk.byteLength
	}
	return bytes
}

/** Whether a URL-encoded body has more than `maxFields` fields, counted on its bytes. */
function hasMoreFields(request: Request, bytes: Uint8Array, maxFields: number) {
	if (!request.headers.get('Content-Type')?.includes('application/x-www-form-urlencoded'))
		return false
	const AMPERSAND = 0x26
	let separators = 0
	for (const byte of bytes) {
		if (byte === AMPERSAND && ++separators >= maxFields) return true
	}
	return false
}

/**
 * Reads a form body of at most `maxBytes` into memory. A larger body is not parsed: it answers
 * `tooLarge` (with an empty form) so the action can say so next to the field, and so is a
 * URL-encoded one of more than `maxFields` fields. A body that is not a readable form reads as
 * an empty form, so validation answers it.
 */
export async function readFormWithin(
	request: Request,
	maxBytes: number,
	maxFields = Number.POSITIVE_INFINITY,
): Promise<LimitedForm> {
	if (!request.body) return { tooLarge: false, formData: new FormData() }
	const bytes = await readBodyWithin(request, maxBytes)
	if (!bytes || hasMoreFields(request, bytes, maxFields))
		return { tooLarge: true, formData: new FormData() }
	try {
		const copy = new Request(request.url, { method: 'POST', headers: request.headers, body: bytes })
		return { tooLarge: false, formData: await copy.formData() }
	} catch {
		return { tooLarge: false, formData: new FormData() }
	}
}
