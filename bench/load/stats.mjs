// The load run's arithmetic, kept pure so a unit test covers it (stats.test.ts): each request's
// time by step name, the percentiles, whether a step of the ramp met the targets, the largest step
// that did, and the writes the database lost.

/** The targets a step of the ramp must meet (issue 41). */
export const LIMITS = { p95Ms: 300, p99Ms: 1000, errors: 0, lostWrites: 0 }

/** The value at `share` (0.95) of the sorted times: the nearest-rank percentile. */
export function percentile(sorted, share) {
	if (sorted.length === 0) return null
	const rank = Math.ceil(share * sorted.length)
	return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]
}

/** The timeline's windows, in seconds. */
const WINDOW_SECONDS = 5

const round = (value) => (value === null ? null : Math.round(value))

export class Stats {
	constructor() {
		/** @type {Map<string, number[]>} */
		this.times = new Map()
		/** @type {Map<string, number>} */
		this.failures = new Map()
		/** What went wrong, by kind ("timeout", "500 /path"), the first few of each. */
		this.problems = new Map()
		this.counting = true
		/** Each answer's time by the window it ended in (WINDOW_SECONDS from the step's start). */
		this.started = performance.now()
		/** @type {number[][]} */
		this.windows = []
	}

	record(name, ms, ok, problem) {
		if (!this.counting) return
		let list = this.times.get(name)
		if (!list) this.times.set(name, (list = []))
		list.push(ms)
		const window = Math.floor((performance.now() - this.started) / 1000 / WINDOW_SECONDS)
		;(this.windows[window] ??= []).push(ms)
		if (!ok) {
			this.failures.set(name, (this.failures.get(name) ?? 0) + 1)
			const kind = String(problem).replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')
			this.problems.set(kind, (this.problems.get(kind) ?? 0) + 1)
		}
	}

	/** Every request of the step together, and each step name on its own. */
	summary() {
		const all = [...this.times.values()].flat().sort((a, b) => a - b)
		const byName = {}
		for (const [name, list] of [...this.times].sort(([a], [b]) => a.localeCompare(b))) {
			const sorted = [...list].sort((a, b) => a - b)
			byName[name] = {
				requests: sorted.length,
				p50Ms: round(percentile(sorted, 0.5)),
				p95Ms: round(percentile(sorted, 0.95)),
				p99Ms: round(percentile(sorted, 0.99)),
				errors: this.failures.get(name) ?? 0,
			}
		}
		return {
			requests: all.length,
			p50Ms: round(percentile(all, 0.5)),
			p95Ms: round(percentile(all, 0.95)),
			p99Ms: round(percentile(all, 0.99)),
			errors: [...this.failures.values()].reduce((sum, count) => sum + count, 0),
			problems: Object.fromEntries([...this.problems].sort(([, a], [, b]) => b - a).slice(0, 20)),
			byName,
			// Whether the slow answers came together (a burst, a pause) or all along the step.
			timeline: Array.from(this.windows, (times = [], index) => {
				const sorted = [...times].sort((a, b) => a - b)
				return {
					fromSecond: index * WINDOW_SECONDS,
					requests: sorted.length,
					p50Ms: round(percentile(sorted, 0.5)),
					p95Ms: round(percentile(sorted, 0.95)),
				}
			}),
		}
	}
}

/** Whether one step of the ramp met every limit, and which it missed. */
export function judgeStep(step, limits = LIMITS) {
	const missed = []
	if (step.requests === 0) missed.push('no request answered')
	if (step.p95Ms === null || step.p95Ms > limits.p95Ms) missed.push(`p95 ${step.p95Ms} ms`)
	if (step.p99Ms === null || step.p99Ms > limits.p99Ms) missed.push(`p99 ${step.p99Ms} ms`)
	if (step.errors > limits.errors) missed.push(`${step.errors} errors`)
	if (step.lostWrites > limits.lostWrites) missed.push(`${step.lostWrites} lost writes`)
	return { met: missed.length === 0, missed }
}

/**
 * The largest number of active users the shape served: the largest step that met every limit with
 * every smaller step met too (a step that passes after a failing one is luck, not capacity).
 * Answers 0 when the first step failed.
 */
export function largestServed(steps, limits = LIMITS) {
	let served = 0
	for (const step of [...steps].sort((a, b) => a.users - b.users)) {
		if (!judgeStep(step, limits).met) break
		served = step.users
	}
	return served
}

/**
 * The writes the database lost: every acknowledged write the people of the run made (a test's
 * answers as last saved or submitted, a whiteboard stroke, a chat message, a score) that is not in
 * the database afterwards. `acknowledged` maps a key to the value the app acknowledged;
 * `stored` maps the same key to what the database holds; `unanswered` the values of a key sent
 * after its last acknowledged one, whose answers never came (the database may hold the last of
 * them: not lost). Values compare as JSON with sorted keys.
 */
export function lostWrites(acknowledged, stored, unanswered = new Map()) {
	const lost = []
	for (const [key, value] of acknowledged) {
		const held = stored.has(key) ? canonical(stored.get(key)) : null
		// A write sent after the acknowledged one whose answer never came (the generator gave up
		// waiting) may have been made all the same: the database then holds it, which is newer.
		const newer = (unanswered.get(key) ?? []).map(canonical)
		if (held === null || (held !== canonical(value) && !newer.includes(held)))
			lost.push({ key, acknowledged: value, stored: stored.get(key) ?? null })
	}
	return lost
}

function canonical(value) {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
	if (value && typeof value === 'object')
		return `{${Object.keys(value)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
			.join(',')}}`
	return JSON.stringify(value)
}

/**
 * CPU seconds of a process from /proc/<pid>/stat's utime and stime (clock ticks), or with
 * `ofEndedChildren` its cutime and cstime: the children it has waited for.
 */
export function cpuSecondsOfStat(statLine, ticksPerSecond = 100, ofEndedChildren = false) {
	// The command name is in parentheses and may hold spaces: count the fields after its end.
	const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ')
	// utime, stime, cutime, cstime are fields 14 to 17 of the line; after the name, 12th to 15th.
	const first = ofEndedChildren ? 13 : 11
	return (Number(fields[first]) + Number(fields[first + 1])) / ticksPerSecond
}

/** CPU seconds per user-hour: what a step's processes spent, per active user, over an hour. */
export function cpuPerUserHour(cpuSeconds, users, seconds) {
	if (users === 0 || seconds === 0) return null
	return Number(((cpuSeconds / users) * (3600 / seconds)).toFixed(2))
}
