// The load bench's arithmetic (bench/load/stats.mjs, model.mjs, browser.mjs's form reading): what
// decides the number of people a shape serves and whether a write was lost.
import { describe, expect, it, vi } from 'vitest'
import { formsOf } from './browser.mjs'
import { personAddress, roomSeat, shareOut, shuffled, thinkMs } from './model.mjs'
import {
	cpuPerUserHour,
	cpuSecondsOfStat,
	judgeStep,
	largestServed,
	lostWrites,
	percentile,
	Stats,
} from './stats.mjs'
import { activePerPupil, measuredCosts, memoryLine, sizeSchool } from './sizing.mjs'

const step = (users: number, fields: Partial<Record<string, number | null>> = {}) => ({
	users,
	requests: 100,
	p95Ms: 100,
	p99Ms: 400,
	errors: 0,
	lostWrites: 0,
	...fields,
})

describe('percentiles', () => {
	it('takes the nearest rank', () => {
		const sorted = Array.from({ length: 100 }, (_, index) => index + 1)
		expect(percentile(sorted, 0.95)).toBe(95)
		expect(percentile(sorted, 0.99)).toBe(99)
		expect(percentile([7], 0.99)).toBe(7)
		expect(percentile([], 0.5)).toBeNull()
	})

	it('counts failures by step name and by kind, with ids folded', () => {
		const stats = new Stats()
		stats.record('a', 10, true, null)
		stats.record('a', 30, false, '500 /x/0d4f1c2e-1111-4222-8333-444455556666')
		stats.record('b', 20, false, '500 /x/9d4f1c2e-1111-4222-8333-444455556666')
		const summary = stats.summary()
		expect(summary).toMatchObject({ requests: 3, errors: 2, p50Ms: 20 })
		expect(summary.problems).toEqual({ '500 /x/:id': 2 })
		expect(summary.byName.a).toMatchObject({ requests: 2, errors: 1 })
	})
})

describe('a room pupil’s seat', () => {
	it('fills rooms of 30 one after another, and the first again past the last', () => {
		expect(roomSeat(0, 60, 30)).toEqual({ room: 0, pupil: 0 })
		expect(roomSeat(29, 60, 30)).toEqual({ room: 0, pupil: 29 })
		expect(roomSeat(30, 60, 30)).toEqual({ room: 1, pupil: 0 })
		// 3,000 people at the model's mix: 748 room pupils in 25 rooms, none over 30.
		const sizes = new Map<number, number>()
		for (let place = 0; place < 748; place++) {
			const { room } = roomSeat(place, 60, 30)
			sizes.set(room, (sizes.get(room) ?? 0) + 1)
		}
		expect(sizes.size).toBe(25)
		expect(Math.max(...sizes.values())).toBe(30)
		expect(roomSeat(1_800, 60, 30)).toEqual({ room: 0, pupil: 0 })
	})
})

describe('a step’s timeline', () => {
	it('puts each answer in the five seconds it came in, so a burst shows where it was', () => {
		vi.useFakeTimers({ toFake: ['performance'] })
		try {
			const stats = new Stats()
			stats.record('a', 10, true, null)
			stats.record('a', 20, true, null)
			vi.advanceTimersByTime(11_000)
			stats.record('b', 400, true, null)
			expect(stats.summary().timeline).toEqual([
				{ fromSecond: 0, requests: 2, p50Ms: 10, p95Ms: 20 },
				{ fromSecond: 5, requests: 0, p50Ms: null, p95Ms: null },
				{ fromSecond: 10, requests: 1, p50Ms: 400, p95Ms: 400 },
			])
		} finally {
			vi.useRealTimers()
		}
	})
})

describe('the people a shape serves', () => {
	it('is the largest step meeting every limit, every smaller one too', () => {
		expect(largestServed([step(250), step(500), step(1000, { p95Ms: 301 })])).toBe(500)
		// A step that passes after a failing one is luck, not capacity.
		expect(largestServed([step(250), step(500, { errors: 1 }), step(1000)])).toBe(250)
		expect(largestServed([step(250, { lostWrites: 1 })])).toBe(0)
		expect(largestServed([step(1000), step(250)])).toBe(1000)
	})

	it('says which limit a step missed', () => {
		expect(judgeStep(step(10, { p99Ms: 1001, errors: 2 }))).toEqual({
			met: false,
			missed: ['p99 1001 ms', '2 errors'],
		})
		expect(judgeStep(step(10, { requests: 0, p95Ms: null, p99Ms: null })).met).toBe(false)
		expect(judgeStep(step(10)).met).toBe(true)
	})
})

describe('lost writes', () => {
	it('are acknowledged values the database does not hold as acknowledged', () => {
		const acknowledged = new Map<string, unknown>([
			['test:1', { answers: { '1': 2, '3': 4 }, flagged: [] }],
			['test:2', { answers: { '1': 2 }, flagged: [] }],
			['submission:9:a', { comment: 'x' }],
		])
		const stored = new Map<string, unknown>([
			// The same answers in another key order: kept.
			['test:1', { flagged: [], answers: { '3': 4, '1': 2 } }],
			// An older save: the last acknowledged one was lost.
			['test:2', { answers: {}, flagged: [] }],
		])
		expect(lostWrites(acknowledged, stored).map(({ key }) => key)).toEqual([
			'test:2',
			'submission:9:a',
		])
	})

	it('are not a newer write whose answer never came, but are an older one', () => {
		const acknowledged = new Map<string, unknown>([
			['test:1', { answers: { '2': 1 }, flagged: [] }],
			['test:2', { answers: { '2': 1 }, flagged: [] }],
		])
		// Saved after the acknowledged one, the generator gave up waiting: the server made it.
		const unanswered = new Map<string, unknown[]>([
			['test:1', [{ answers: { '1': 1, '2': 1 }, flagged: [] }]],
		])
		const stored = new Map<string, unknown>([
			['test:1', { answers: { '2': 1, '1': 1 }, flagged: [] }],
			// Neither the acknowledged save nor one sent after it: lost.
			['test:2', { answers: { '1': 3, '2': 1 }, flagged: [] }],
		])
		expect(lostWrites(acknowledged, stored, unanswered).map(({ key }) => key)).toEqual(['test:2'])
		expect(lostWrites(acknowledged, stored).map(({ key }) => key)).toEqual(['test:1', 'test:2'])
	})
})

describe('CPU readings', () => {
	it('reads utime and stime from /proc/<pid>/stat, a name with spaces and parentheses too', () => {
		const line =
			'1234 (node (my app)) S 1 1234 1234 0 -1 4194304 100 0 0 0 250 50 0 0 20 0 11 0 100 0 0'
		expect(cpuSecondsOfStat(line)).toBe(3)
		// cutime 0 and cstime 0 here; the ended children's CPU is read from those two.
		expect(cpuSecondsOfStat(line, 100, true)).toBe(0)
		const parent = '7 (postgres) S 1 7 7 0 -1 0 0 0 0 0 100 100 300 200 20 0 1 0 5 0 0'
		expect(cpuSecondsOfStat(parent, 100, true)).toBe(5)
	})

	it('scales a step to CPU seconds per user-hour', () => {
		expect(cpuPerUserHour(60, 100, 60)).toBe(36)
		expect(cpuPerUserHour(1, 0, 60)).toBeNull()
	})
})

describe('the mix', () => {
	const peak = {
		studentBrowsing: 800,
		studentTest: 600,
		studentRoom: 600,
		teacher: 300,
		organization: 5,
		visitor: 100,
	}

	it('shares out exactly the people asked for, by the peak hour ratios', () => {
		const parts = shareOut(2405, peak)
		expect(parts).toEqual(peak)
		for (const users of [6, 7, 100, 999, 3000]) {
			const shared = shareOut(users, peak)
			expect(Object.values(shared).reduce((sum, count) => sum + count, 0)).toBe(users)
			expect(Math.min(...Object.values(shared))).toBeGreaterThanOrEqual(1)
		}
	})

	it('leaves out the roles not played', () => {
		const parts = shareOut(100, peak, ['studentRoom'])
		expect(parts.studentRoom).toBeUndefined()
		expect(Object.values(parts).reduce((sum, count) => sum + count, 0)).toBe(100)
	})

	it('gives each person an address of their own in 10.0.0.0/8', () => {
		expect(personAddress(0)).toBe('10.0.0.1')
		expect(personAddress(254)).toBe('10.0.0.255')
		expect(personAddress(255)).toBe('10.0.1.0')
		const addresses = Array.from({ length: 70_000 }, (_, index) => personAddress(index))
		expect(new Set(addresses).size).toBe(70_000)
		expect(addresses.every((address) => /^10\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address))).toBe(true)
	})

	it('thinks exponentially around the mean, at most four times it', () => {
		expect(thinkMs(10, () => 0)).toBe(0)
		expect(thinkMs(10, () => 1 - Math.exp(-1))).toBe(10_000)
		expect(thinkMs(10, () => 0.999999)).toBe(40_000)
	})

	it("interleaves a ramp's newcomers with every order equally likely", () => {
		// Sorting by a random comparison (what the ramp did) favours some orders: of 60,000
		// shuffles of three, each of the six orders must come about 10,000 times.
		const counts = new Map<string, number>()
		for (let round = 0; round < 60_000; round++) {
			const order = shuffled(['a', 'b', 'c']).join('')
			counts.set(order, (counts.get(order) ?? 0) + 1)
		}
		expect(counts.size).toBe(6)
		for (const count of counts.values()) expect(Math.abs(count - 10_000)).toBeLessThan(600)
		expect(shuffled([1, 2, 3, 4], () => 0)).toEqual([2, 3, 4, 1])
	})
})

describe('forms as a browser posts them', () => {
	it('sends hidden and text fields, checked boxes only, textareas and the chosen option', () => {
		const html = `<form action="/a?x=1&amp;y=2" method="post"><input type="hidden" name="intent" value="post"/>
			<input name="title" value="A &quot;b&quot;"/><input type="checkbox" name="c" value="1"/>
			<input type="radio" name="r" value="2" checked=""/><input type="file" name="file"/>
			<textarea name="body">Hi &amp; bye</textarea><select name="s"><option value="p">P</option>
			<option value="q" selected="">Q</option></select><button name="intent" value="save">Save</button></form>`
		const forms = formsOf(html)
		expect(forms).toHaveLength(1)
		const form = forms[0] as (typeof forms)[number]
		expect(form.action).toBe('/a?x=1&y=2')
		expect(form.method).toBe('post')
		expect(form.fields).toEqual([
			['intent', 'post'],
			['title', 'A "b"'],
			['r', '2'],
			['body', 'Hi & bye'],
			['s', 'q'],
		])
		expect(form.buttons).toEqual([{ name: 'intent', value: 'save' }])
	})
})

describe('sizing a school from a run', () => {
	it('counts the active people of the busiest hour per pupil from the model', () => {
		expect(activePerPupil({ activeAtPeak: { a: 2000, b: 405 } })).toBeCloseTo(0.481)
	})

	it('reads memory as a base and a growth per person, never shrinking', () => {
		expect(memoryLine({ users: 200, memoryMiB: 300 }, { users: 400, memoryMiB: 400 })).toEqual({
			baseMiB: 200,
			perPersonMiB: 0.5,
		})
		expect(memoryLine({ users: 200, memoryMiB: 500 }, { users: 400, memoryMiB: 450 })).toEqual({
			baseMiB: 500,
			perPersonMiB: 0,
		})
	})

	it('provisions cores so they are at most 60 % busy, one core per Node process', () => {
		const school = sizeSchool({
			pupils: 5000,
			perPupil: 0.48,
			cpu: { app: 1.8, postgres: 0.9 },
			memory: { app: { baseMiB: 200, perPersonMiB: 0.1 } },
		})
		expect(school.active).toBe(2400)
		// 2,400 people × 1.8 s / 3,600 s = 1.2 busy cores; / 0.6 = 2 cores, two app processes.
		expect(school.processes.app).toEqual({ cores: 2, processes: 2, memoryMiB: 640 })
		expect(school.processes.postgres).toEqual({ cores: 1, processes: 1, memoryMiB: 0 })
	})

	it("counts the API processes' PostgreSQL connections, a pool of ten and a listener each", () => {
		const size = (pupils: number) =>
			sizeSchool({ pupils, perPupil: 0.48, cpu: { app: 1.6, api: 0.9 }, memory: {} })
		// 24,000 people × 0.9 s / 3,600 s = 6 busy cores; / 0.6 = 10 API processes, 110 connections.
		expect(size(50_000).processes.api?.processes).toBe(10)
		expect(size(50_000).postgresConnections).toBe(110)
		expect(size(500).postgresConnections).toBe(11)
	})

	it('takes the dearer shape per process and the memory per process of a shape of two', () => {
		const step = (users: number, app: number) => ({ users, memoryMiB: { app, loadGenerator: 1 } })
		const costs = measuredCosts({
			model: { activeAtPeak: { a: 5000 } },
			shapes: [
				{ database: 'pglite', served: 10, cpuSecondsPerUserHourAtServed: { app: 9 }, steps: [] },
				{
					database: 'postgres',
					served: 400,
					cpuSecondsPerUserHourAtServed: { app: 1.5, loadGenerator: 1 },
					steps: [step(200, 300), step(400, 400), step(800, 900)],
				},
				{
					database: 'postgres',
					served: 200,
					processes: { app: 2 },
					cpuSecondsPerUserHourAtServed: { app: 2, redis: 0.05 },
					steps: [step(200, 600)],
				},
			],
		})
		expect(costs?.cpu).toEqual({ app: 2, redis: 0.05 })
		expect(costs?.perPupil).toBe(1)
		// One + one: 300 MiB at 200, 900 at 800 (a step that missed holds memory all the same).
		expect(costs?.memory.app).toEqual({ baseMiB: 100, perPersonMiB: 1 })
		expect(measuredCosts({ model: { activeAtPeak: {} }, shapes: [] })).toBeNull()
	})
})
