// How big a server a school needs, derived from a load run (decision 061): the people active at a
// school's busiest hour, times what each process spends per active person, is the cores it keeps
// busy; cores are provisioned so that they are at most BUSY_SHARE busy. Memory is what a process
// holds with no one (its base) plus its growth per active person, both read off two steps of the
// run. Kept pure so stats.test.ts covers it; bench/lib/performance-doc.mjs renders its table.

/** The school sizes the table is made for (pupils): issue 41's three. */
export const SCHOOLS = [500, 5000, 50_000]
/**
 * Connections each API process may hold to PostgreSQL: pg's Pool default of 10, which
 * api/src/db.ts keeps (it sets no `max`), and the one that listens for session changes
 * (decision 068).
 */
export const POOL_PER_API_PROCESS = 11
/** PostgreSQL's own default `max_connections`; a few are kept for superusers and maintenance. */
export const POSTGRES_MAX_CONNECTIONS = 100
/**
 * The share of its cores a machine may be kept busy: the quiet run met p95 ≤ 300 ms with half of
 * its two cores busy (800 people) and missed with four fifths (1,600).
 */
export const BUSY_SHARE = 0.6
/** The model's school: its activeAtPeak counts are for this many pupils (bench/load/model.mjs). */
const MODEL_PUPILS = 5000
/** Node runs a process's JavaScript on one core: a process is given at most this many. */
const CORES_PER_NODE_PROCESS = 1

/** Active people at the busiest moment per pupil, from the model's peak counts. */
export function activePerPupil(model) {
	const active = Object.values(model.activeAtPeak).reduce((sum, count) => sum + count, 0)
	return active / MODEL_PUPILS
}

/**
 * A process's memory as base + growth × people, from two steps of a run (`first`, `last`: each
 * `{ users, memoryMiB }` for that process). Memory that fell between the steps grows by nothing.
 */
export function memoryLine(first, last) {
	const growth =
		last.users > first.users
			? Math.max(0, (last.memoryMiB - first.memoryMiB) / (last.users - first.users))
			: 0
	return { baseMiB: Math.max(0, first.memoryMiB - growth * first.users), perPersonMiB: growth }
}

/**
 * What each process needs for a school of `pupils`: `cpu` is CPU seconds per active user-hour
 * by process, `memory` a memoryLine by process. Answers, by process, the cores to provision, how
 * many processes (Node ones: one core each), and the memory of them all in MiB; and the
 * connections to PostgreSQL the API processes may hold together (`postgresConnections`).
 */
export function sizeSchool({ pupils, perPupil, cpu, memory, busyShare = BUSY_SHARE }) {
	const active = Math.round(pupils * perPupil)
	const processes = {}
	for (const [name, secondsPerUserHour] of Object.entries(cpu)) {
		const busyCores = (active * secondsPerUserHour) / 3600
		const cores = busyCores / busyShare
		const node = name === 'app' || name === 'api'
		const count = node ? Math.max(1, Math.ceil(cores / CORES_PER_NODE_PROCESS)) : 1
		const line = memory[name] ?? { baseMiB: 0, perPersonMiB: 0 }
		processes[name] = {
			cores: Math.ceil(cores * 10) / 10,
			processes: count,
			memoryMiB: Math.ceil(count * line.baseMiB + active * line.perPersonMiB),
		}
	}
	// Every API process may hold a full pool; PostgreSQL refuses connections past max_connections.
	const postgresConnections = (processes.api?.processes ?? 1) * POOL_PER_API_PROCESS
	return { pupils, active, processes, postgresConnections }
}

/**
 * The figures of a load run's results that sizing uses: per process the largest CPU seconds per
 * active user-hour of the shapes run on PostgreSQL at the step each served (two + two costs more
 * per person, and a larger school runs several processes), and per process the larger memory line
 * of those shapes, from their first and last steps. Null when no PostgreSQL shape served a step.
 */
export function measuredCosts(results) {
	const shapes = (results.shapes ?? []).filter(
		(shape) => shape.database === 'postgres' && shape.served > 0,
	)
	if (shapes.length === 0) return null
	const cpu = {}
	for (const shape of shapes)
		for (const [name, value] of Object.entries(shape.cpuSecondsPerUserHourAtServed ?? {}))
			if (name !== 'loadGenerator' && typeof value === 'number')
				cpu[name] = Math.max(cpu[name] ?? 0, value)
	const memory = {}
	for (const shape of shapes) {
		// Memory does not depend on the latency met: every step the shape ran counts.
		const first = shape.steps[0]
		const last = shape.steps.at(-1)
		for (const name of Object.keys(last?.memoryMiB ?? {})) {
			if (name === 'loadGenerator') continue
			// Per process: a shape of two apps reports their sum.
			const count = shape.processes?.[name] ?? 1
			const line = memoryLine(
				{ users: first.users / count, memoryMiB: first.memoryMiB[name] / count },
				{ users: last.users / count, memoryMiB: last.memoryMiB[name] / count },
			)
			const known = memory[name]
			if (
				!known ||
				line.baseMiB + line.perPersonMiB * 1000 > known.baseMiB + known.perPersonMiB * 1000
			)
				memory[name] = line
		}
	}
	return { cpu, memory, perPupil: activePerPupil(results.model) }
}
