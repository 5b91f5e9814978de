// The offline queue of spec sections 3, 4 and 9 (course_offline_data, organization_offline_data):
// a form submitted while offline is kept in local storage with a timestamp and replayed, in
// order, once the browser is back online. Pure functions over a Storage, so they test in Node.

export type OfflineItem = {
	/** UPDATE, DELETE or SUBMIT (spec section 3). */
	type: string
	/** The form's fields, as submitted. */
	payload: Record<string, string>
	timestamp: number
	/** Where the form posts: the route action that applies it. */
	action: string
	/**
	 * Unique per queued change, sent with its replay (X-Offline-Replay) so the server applies it
	 * once even when it is sent again (a reload cut the first answer off). Absent on older items.
	 */
	id?: string
}

/** The header a replayed change travels with: its id. */
export const REPLAY_HEADER = 'X-Offline-Replay'

/** A random (version 4) UUID; getRandomValues works where randomUUID does not (plain http). */
export function newItemId(): string {
	const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16))
	bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
	bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
	const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const isItem = (value: unknown): value is OfflineItem =>
	typeof value === 'object' &&
	value !== null &&
	typeof (value as OfflineItem).type === 'string' &&
	typeof (value as OfflineItem).action === 'string' &&
	typeof (value as OfflineItem).timestamp === 'number' &&
	typeof (value as OfflineItem).payload === 'object'

export function readQueue(storage: KeyValueStorage, key: string): OfflineItem[] {
	try {
		const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]')
		return Array.isArray(parsed) ? parsed.filter(isItem) : []
	} catch {
		return []
	}
}

function writeQueue(storage: KeyValueStorage, key: string, items: OfflineItem[]) {
	if (items.length) storage.setItem(key, JSON.stringify(items))
	else storage.removeItem(key)
}

export function enqueue(storage: KeyValueStorage, key: string, item: OfflineItem) {
	writeQueue(storage, key, [...readQueue(storage, key), item])
}

/** The same stored item: by id, else (older items) by its whole content. */
function sameItem(a: OfflineItem, b: OfflineItem) {
	return a.id !== undefined || b.id !== undefined
		? a.id === b.id
		: JSON.stringify(a) === JSON.stringify(b)
}

/** Takes out the item just sent, wherever it now is (another tab may have changed the queue). */
function removeItem(storage: KeyValueStorage, key: string, sent: OfflineItem) {
	const items = readQueue(storage, key)
	const index = items.findIndex((item) => sameItem(item, sent))
	if (index >= 0) writeQueue(storage, key, [...items.slice(0, index), ...items.slice(index + 1)])
}

export type ReplayResult = { applied: number; skipped: number; remaining: number }

/**
 * Sends each item in order. `send` resolves true when the server accepted it, false when it
 * refused (logged and skipped, spec section 4), and throws when it could not be reached: then the
 * rest stays queued for the next time the browser comes online, so nothing is lost.
 */
export async function replayQueue(
	storage: KeyValueStorage,
	key: string,
	send: (item: OfflineItem) => Promise<boolean>,
	log: (message: string, item: OfflineItem) => void = (message, item) =>
		console.warn(message, item),
): Promise<ReplayResult> {
	const result: ReplayResult = { applied: 0, skipped: 0, remaining: 0 }
	for (;;) {
		const [item] = readQueue(storage, key)
		if (!item) break
		let accepted: boolean
		try {
			accepted = await send(item)
		} catch {
			result.remaining = readQueue(storage, key).length
			break
		}
		// Removed before the next is sent. A reload before this line sends it again, with the same
		// id, and the server answers that repeat without applying it twice.
		removeItem(storage, key, item)
		if (accepted) result.applied++
		else {
			result.skipped++
			log('Offline change could not be applied and was skipped', item)
		}
	}
	return result
}

/** An answer that says "not now" rather than "no": the change stays queued for a later replay. */
export class ReplayLaterError extends Error {
	override name = 'ReplayLaterError'
}

/**
 * Posts a queued form to its action as the browser would without JavaScript. True when applied
 * (the action's success redirect, or a 2xx), false when refused (invalid, forbidden, gone: logged
 * and skipped). Throws, keeping it and the rest queued, when the server cannot be reached, the
 * session has ended (401: log in and it is sent then), or the server failed (5xx, 408, 429).
 */
export async function sendToAction(
	item: OfflineItem,
	fetcher: typeof fetch = fetch,
): Promise<boolean> {
	const response = await fetcher(item.action, {
		method: 'POST',
		body: new URLSearchParams(item.payload),
		credentials: 'same-origin',
		headers: { [REPLAY_HEADER]: item.id ?? 'legacy' },
		// The action answers a success with a redirect; following it is not needed.
		redirect: 'manual',
	})
	if (response.type === 'opaqueredirect' || response.ok) return true
	const { status } = response
	if (status === 401 || status === 408 || status === 429 || status >= 500) {
		// eslint-disable-next-line lingui/no-unlocalized-strings -- a log line, never shown
		throw new ReplayLaterError(`The server answered ${status}; the change stays queued`)
	}
	return false
}
