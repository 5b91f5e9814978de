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
		const [item, ...rest] = readQueue(storage, key)
		if (!item) break
		let accepted: boolean
		try {
			accepted = await send(item)
		} catch {
			result.remaining = rest.length + 1
			break
		}
		// Removed before the next is sent, so a reload mid-replay never sends it twice.
		writeQueue(storage, key, readQueue(storage, key).slice(1))
		if (accepted) result.applied++
		else {
			result.skipped++
			log('Offline change could not be applied and was skipped', item)
		}
	}
	return result
}
