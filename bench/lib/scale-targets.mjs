// Issue 28's targets, read from the data-scale bench's results (bench/scale-results.json): runs
// keyed by database and scale, each with its rows (one per page) and its memory reading. Used by
// bench/scale.mjs after its runs and by bench/scale-report.mjs for its tables.
import { existsSync, readFileSync } from 'node:fs'

export const RESULTS_FILE = 'bench/scale-results.json'
export const DATABASES = ['pglite', 'postgres']
/** The scale the time targets are read at, and the one growth is measured from. */
export const TARGET_SCALE = 100
export const BASE_SCALE = 1
/** Median of 7 at ×100, by database; a CSV file (streamed, or a background job's start) 1 s. */
export const PAGE_LIMIT_MS = { postgres: 150, pglite: 400 }
export const EXPORT_LIMIT_MS = 1000
export const HTML_LIMIT_KB = 200
/** Growth ×1 → ×100 of a median, each taken as at least the floor: 3 ms → 10 ms is no growth. */
export const GROWTH_LIMIT = 3
export const GROWTH_FLOOR_MS = 20
/** Steady memory over the rounds: grown by at most a quarter of the start, or 64 MiB if more. */
export const MEMORY_GROWTH_SHARE = 0.25
export const MEMORY_GROWTH_MIB = 64

/** CSV files: the streamed ones and a background export's start. */
export const isExport = (page) =>
	page.includes('/export') || page.startsWith('API background export')
/** A page the app renders (CSV files and the calendar feed are not). */
const isHtml = (page) => page.startsWith('/') && !isExport(page)
/** The unpaged all-scores call is kept for its shape and shown; the app never makes it. */
const isTarget = (page) => page !== 'API GET scores'
/** A streamed export at a scale where the app offers the background job instead. */
export const BACKGROUND = 'background: see API background export'
const answered = (row) =>
	row.status === 200 ||
	row.status === 304 ||
	String(row.status).startsWith('202 → done') ||
	String(row.status).startsWith('202 → still running')

/**
 * The results file, or an empty one. Runs are keyed `runs[database][scale]`; a file of the older
 * shape (a list of runs under one date) is read into it.
 */
export function readResults(file = RESULTS_FILE) {
	const results = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
	if (!Array.isArray(results.runs)) return { samples: 7, runs: {}, ...results }
	const runs = {}
	for (const { database, scale, ...run } of results.runs)
		(runs[database] ??= {})[scale] = { date: results.date, ...run }
	return { samples: results.samples, runs }
}

/** Adds (or replaces) one run of a database and scale, keeping the others. */
export function mergeRun(results, database, scale, run) {
	results.runs[database] = { ...results.runs[database], [scale]: run }
}

const scalesOf = (results, database) =>
	Object.keys(results.runs[database] ?? {})
		.map(Number)
		.sort((a, b) => a - b)

/** Every target over the runs the file holds: `targets` (name, value, limit, met) and `notChecked`. */
export function evaluateTargets(results) {
	const targets = []
	const notChecked = [
		'the CSV files’ statements, on purpose: a streamed file reads a thousand students per pair of statements',
	]
	const target = (name, value, limit, met) => targets.push({ name, value, limit, met })
	for (const database of DATABASES) {
		const runs = results.runs[database] ?? {}
		const scales = scalesOf(results, database)
		if (scales.length === 0) {
			notChecked.push(`${database}: not run, none of its targets checked`)
			continue
		}
		const at = (scale) => runs[scale]?.rows.filter((row) => isTarget(row.page)) ?? []

		const top = runs[TARGET_SCALE]
		if (!top) notChecked.push(`${database}: no ×${TARGET_SCALE} run, its times not checked`)
		for (const row of at(TARGET_SCALE)) {
			if (row.status === BACKGROUND) continue
			const limit = isExport(row.page) ? EXPORT_LIMIT_MS : PAGE_LIMIT_MS[database]
			const value = answered(row) ? row.medianMs : `${row.medianMs} (${row.status})`
			target(
				`${database} ×${TARGET_SCALE} ${row.page}: median ms`,
				value,
				`<= ${limit}`,
				answered(row) && row.medianMs <= limit,
			)
		}

		for (const scale of scales) {
			for (const row of at(scale).filter((row) => isHtml(row.page)))
				target(
					`${database} ×${scale} ${row.page}: KB`,
					row.kb,
					`<= ${HTML_LIMIT_KB}`,
					row.kb <= HTML_LIMIT_KB,
				)
		}

		// The exports read a batch of students per statement pair: their count grows on purpose.
		if (scales.length < 2)
			notChecked.push(`${database}: only ×${scales[0]} run, statements per page not compared`)
		else {
			const pages = new Set(scales.flatMap((scale) => at(scale).map((row) => row.page)))
			for (const page of [...pages].filter((page) => !isExport(page))) {
				const counts = scales
					.map((scale) => at(scale).find((row) => row.page === page)?.statements)
					.filter((count) => typeof count === 'number')
				if (counts.length < 2) continue
				target(
					`${database} ${page}: statements at ×${scales.join(', ×')}`,
					counts.join(', '),
					'the same',
					new Set(counts).size === 1,
				)
			}
		}

		const base = runs[BASE_SCALE]
		if (!base || !top)
			notChecked.push(
				`${database}: no ×${base ? TARGET_SCALE : BASE_SCALE} run, growth ×${BASE_SCALE} → ×${TARGET_SCALE} not checked`,
			)
		else {
			for (const row of at(TARGET_SCALE)) {
				const from = at(BASE_SCALE).find((other) => other.page === row.page)
				// A streamed file at ×1 and a background job at ×100: the jobs' starts are compared.
				if (!from || typeof from.medianMs !== 'number' || typeof row.medianMs !== 'number') continue
				const growth =
					Math.max(row.medianMs, GROWTH_FLOOR_MS) / Math.max(from.medianMs, GROWTH_FLOOR_MS)
				target(
					`${database} ${row.page}: median ×${BASE_SCALE} → ×${TARGET_SCALE} (${from.medianMs} → ${row.medianMs} ms)`,
					Number(growth.toFixed(2)),
					`<= ${GROWTH_LIMIT}`,
					growth <= GROWTH_LIMIT,
				)
			}
		}

		for (const scale of scales) {
			const memory = runs[scale].memory
			if (!memory) continue
			for (const server of ['app', 'api']) {
				const before = memory.before[`${server}MiB`]
				const grown = memory.after[`${server}MiB`] - before
				const allowed = Math.max(MEMORY_GROWTH_MIB, Math.round(before * MEMORY_GROWTH_SHARE))
				target(
					`${database} ×${scale} ${server} memory over ${memory.rounds} rounds: MiB grown (${before} → ${before + grown})`,
					grown,
					`<= ${allowed}`,
					grown <= allowed,
				)
			}
		}
	}
	return { targets, notChecked, allMet: targets.every((item) => item.met) }
}
