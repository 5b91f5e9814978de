// Numbers, money and percentages in the page's language (decision 063): '1,234.5' in English,
// '1 234,5' in French, Arabic's own digits and separators. One formatter per language and style
// is built once and kept: a catalogue prices every card.
import { intlLocale } from './i18n'

const formats = new Map<string, Intl.NumberFormat | null>()

function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat | null {
	const locale = intlLocale()
	const cacheKey = `${locale}|${key}`
	let format = formats.get(cacheKey)
	if (format === undefined) {
		try {
			format = new Intl.NumberFormat(locale, options)
		} catch {
			// A currency Intl does not know: the callers write the code beside the amount.
			format = null
		}
		// Currency codes come from the API; a bound keeps odd ones from growing the map forever.
		if (formats.size < 400) formats.set(cacheKey, format)
	}
	return format
}

/** 1,234.5 */
export const formatNumber = (value: number, maximumFractionDigits = 2) =>
	numberFormat(`n${maximumFractionDigits}`, { maximumFractionDigits })?.format(value) ??
	String(value)

/** 85% from 85 (a value already in percent), with at most one decimal. */
export const formatPercent = (percent: number) =>
	numberFormat('p', { style: 'percent', maximumFractionDigits: 1 })?.format(percent / 100) ??
	`${percent}%`

/** $249.99, 249,99 €: an amount in its currency. */
export const formatMoney = (amount: number, currency: string) =>
	numberFormat(`c${currency}`, { style: 'currency', currency })?.format(amount) ??
	`${amount.toFixed(2)} ${currency}`
