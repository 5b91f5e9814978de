// The people's pauses (bench/load/waits.mjs): each ends after its time, and all of them at once,
// with StepOver, when the run ends; none is left behind as a timer or an entry.
import { describe, expect, it } from 'vitest'
import { pauses, StepOver } from './waits.mjs'

describe('the people’s pauses', () => {
	it('end after their time and leave nothing behind', async () => {
		const waits = pauses()
		const started = performance.now()
		await Promise.all([waits.wait(20), waits.wait(40)])
		expect(performance.now() - started).toBeGreaterThanOrEqual(39)
		expect(waits.size).toBe(0)
	})

	it('all end with StepOver when the run ends, and later ones at once', async () => {
		const waits = pauses()
		const long = Array.from({ length: 3000 }, () => waits.wait(60_000))
		expect(waits.size).toBe(3000)
		waits.end()
		const settled = await Promise.allSettled(long)
		expect(
			settled.every((each) => each.status === 'rejected' && each.reason instanceof StepOver),
		).toBe(true)
		expect(waits.size).toBe(0)
		expect(waits.ended).toBe(true)
		await expect(waits.wait(10)).rejects.toBeInstanceOf(StepOver)
	})
})
