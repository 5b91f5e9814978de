import { t } from '@lingui/core/macro'
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

/** What a page shows in place of data it has never loaded, when offline (spec section 8). */
export const offlineFailure = {
	ok: false as const,
	// Read when shown, in the page's language.
	get error() {
		return {
			text: t`You are offline`,
			toast: { type: 'error' as const, title: t`You are offline`, duration: 4000 },
		}
	},
}

/**
 * For a route's clientLoader (with `hydrate = true`, so the server-rendered data is remembered
 * too): online, the server's data, remembered under `key`; offline, the remembered data with the
 * time it was saved, or `whenNothingSaved()`.
 */
export async function rememberedOffline<T extends object>(
	key: string,
	serverLoader: () => Promise<T>,
	whenNothingSaved: () => T,
): Promise<T & { savedAt: number | null }> {
	if (isOffline()) {
		const saved = readSnapshot<T>(key)
		return saved
			? { ...saved.value, savedAt: saved.savedAt }
			: { ...whenNothingSaved(), savedAt: null }
	}
	const data = await serverLoader()
	saveSnapshot(key, data)
	return { ...data, savedAt: null }
}
