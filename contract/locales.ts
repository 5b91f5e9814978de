/**
 * The languages the interface speaks (decision 063), stated once for the app and the API. `en-XA`
 * is the pseudo-locale: English accented, a third longer and bracketed, for finding strings that
 * skipped the catalogs and layouts that break with longer text. It is never offered in the
 * switcher, but can be chosen by address (`?lang=en-XA`) like any other.
 */
export const LOCALES = ['en', 'es', 'fr', 'ar'] as const
export const PSEUDO_LOCALE = 'en-XA'
export type Locale = (typeof LOCALES)[number] | typeof PSEUDO_LOCALE
export const DEFAULT_LOCALE: Locale = 'en'

/** Each language by its own name, as a switcher shows it. */
export const LOCALE_NAMES: Record<(typeof LOCALES)[number], string> = {
	en: 'English',
	es: 'Español',
	fr: 'Français',
	ar: 'العربية',
}

const RIGHT_TO_LEFT = new Set<string>(['ar'])

export const directionOf = (locale: Locale): 'ltr' | 'rtl' =>
	RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr'

/** A supported locale for a language tag (`es-MX` → `es`, `EN` → `en`), or null. */
export function supportedLocale(tag: string | null | undefined): Locale | null {
	if (!tag) return null
	const lower = tag.trim().toLowerCase()
	if (lower === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE
	const language = lower.split(/[-_]/)[0] ?? ''
	return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : null
}

/**
 * The best supported locale for an `Accept-Language` header (RFC 9110 §12.5.4: quality values,
 * `*` ignored), or null when none of the asked languages is spoken here.
 */
export function negotiateLocale(header: string | null | undefined): Locale | null {
	if (!header) return null
	const asked = header
		.slice(0, 512)
		.split(',')
		.map((part, order) => {
			const [tag = '', ...params] = part.trim().split(';')
			const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
			const quality = q ? Number(q.slice(2)) : 1
			return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, order }
		})
		.filter((entry) => entry.tag && entry.tag !== '*' && entry.quality > 0)
		.sort((a, b) => b.quality - a.quality || a.order - b.order)
	for (const { tag } of asked) {
		const locale = supportedLocale(tag)
		if (locale && locale !== PSEUDO_LOCALE) return locale
	}
	return null
}
