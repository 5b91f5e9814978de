/**
 * The last data a page showed, kept in local storage so the page can be shown again when the
 * browser is offline (spec section 4: "Offline fetch falls back to locally stored tasks").
 */
type Snapshot<T> = { value: T; savedAt: number }

export function saveSnapshot(key: string, value: unknown) {
	try {
		localStorage.setItem(key, JSON.stringify({ value, savedAt: Date.now() }))
	} catch {
		// Storage full or disabled (private mode): the page simply has nothing to fall back to.
	}
}

export function readSnapshot<T>(key: string): Snapshot<T> | null {
	try {
		const raw = localStorage.getItem(key)
		if (!raw) return null
		const parsed = JSON.parse(raw) as Partial<Snapshot<T>>
		return typeof parsed.savedAt === 'number' && 'value' in parsed ? (parsed as Snapshot<T>) : null
	} catch {
		return null
	}
}

export function isOffline() {
	return typeof navigator !== 'undefined' && !navigator.onLine
}
