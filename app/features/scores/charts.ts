import { intlLocale } from '~/platform/i18n'
import type { Analytics } from './schema'

// One pair of formatters per language, built on first use (decision 063).
const monthFormats = new Map<string, { long: Intl.DateTimeFormat; short: Intl.DateTimeFormat }>()

function monthFormat(style: 'long' | 'short'): Intl.DateTimeFormat {
	const locale = intlLocale()
	let formats = monthFormats.get(locale)
	if (!formats) {
		formats = {
			long: new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
			short: new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }),
		}
		monthFormats.set(locale, formats)
	}
	return formats[style]
}

/** '2026-11' -> 'Nov 2026' in English, 'nov. 2026' in French; `short`: the month alone ('Nov'). */
export function monthLabel(month: string, style: 'long' | 'short' = 'long'): string {
	const [year, monthNumber] = month.split('-').map(Number)
	if (!year || !monthNumber) return month
	return monthFormat(style).format(new Date(Date.UTC(year, monthNumber - 1, 1)))
}

/** 'YYYY-MM' of `date` (UTC) moved by `offset` months. */
function monthOf(date: Date, offset = 0): string {
	const moved = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1))
	return `${moved.getUTCFullYear()}-${String(moved.getUTCMonth() + 1).padStart(2, '0')}`
}

export type EnrollmentMonth = { month: string; students: number; teachers: number }

/**
 * Members who joined per month, for the `months` months up to `now`, months without anyone
 * included as zeros so the chart's time axis is even.
 */
export function enrollmentSeries(
	enrollment: Analytics['enrolment'],
	now: Date,
	months = 12,
): EnrollmentMonth[] {
	const series: EnrollmentMonth[] = []
	for (let offset = months - 1; offset >= 0; offset--) {
		series.push({ month: monthOf(now, -offset), students: 0, teachers: 0 })
	}
	for (const row of enrollment) {
		const entry = series.find((item) => item.month === row.month)
		if (!entry) continue
		if (row.role === 'student') entry.students += row.count
		else entry.teachers += row.count
	}
	return series
}

/** A round axis maximum at or above `max`: 1, 2, 5 or 10 times a power of ten (at least 1). */
export function niceMax(max: number): number {
	if (max <= 1) return 1
	const power = 10 ** Math.floor(Math.log10(max))
	for (const step of [1, 2, 5, 10]) {
		if (step * power >= max) return step * power
	}
	return 10 * power
}

/** How many steps an axis up to `max` gets, so that each tick is a whole number. */
export function tickCount(max: number): number {
	return [5, 4, 2].find((count) => Number.isInteger(max / count)) ?? 1
}

/** Evenly spaced axis ticks from 0 to `max` (inclusive). */
export function ticks(max: number, count = 4): number[] {
	return Array.from(
		{ length: count + 1 },
		(_, index) => Math.round((max / count) * index * 100) / 100,
	)
}

export type Bar = {
	label: string
	value: number
	x: number
	y: number
	width: number
	height: number
}

/** Bars of `values` in a plot of `width` by `height`, scaled to `max`. */
export function layoutBars(
	values: { label: string; value: number }[],
	{ width, height, max }: { width: number; height: number; max: number },
): Bar[] {
	if (values.length === 0) return []
	const slot = width / values.length
	const barWidth = Math.max(2, slot * 0.7)
	return values.map((item, index) => {
		const barHeight = max > 0 ? (Math.min(item.value, max) / max) * height : 0
		return {
			label: item.label,
			value: item.value,
			x: index * slot + (slot - barWidth) / 2,
			y: height - barHeight,
			width: barWidth,
			height: barHeight,
		}
	})
}

export type Point = { label: string; value: number; x: number; y: number }

/** Points of a line over `values` (null values are gaps, left out), scaled to `max`. */
export function layoutLine(
	values: { label: string; value: number | null }[],
	{ width, height, max }: { width: number; height: number; max: number },
): Point[] {
	const slot = values.length > 0 ? width / values.length : 0
	return values.flatMap((item, index) =>
		item.value === null
			? []
			: [
					{
						label: item.label,
						value: item.value,
						x: index * slot + slot / 2,
						y: height - (Math.min(item.value, max) / max) * height,
					},
				],
	)
}
