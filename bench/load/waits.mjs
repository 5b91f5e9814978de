// The people's pauses (think times, the test's save interval, the strokes' gaps), all ended at once
// when the run ends. Each pause is one timer and one entry in a set: Node's `setTimeout` of
// `timers/promises` with a shared AbortSignal added a listener to that one signal per pause and took
// it off again, and an EventTarget looks through all of its listeners on each (to refuse a
// duplicate): with 3,000 people pausing, every pause walked thousands of entries (8 % of the
// generator's busy time at 400 people; decision 077).

/** A pause cut short by the end of the run. */
export class StepOver extends Error {}

/**
 * Pauses that end together: `wait(ms)` resolves after `ms`, or rejects with `StepOver` once `end()`
 * is called (at once if it was already).
 */
export function pauses() {
	/** @type {Set<{ timer: ReturnType<typeof setTimeout>, reject: (error: Error) => void }>} */
	const pending = new Set()
	let ended = false
	return {
		get ended() {
			return ended
		},
		/** @param {number} ms */
		wait(ms) {
			if (ended) return Promise.reject(new StepOver())
			return new Promise((resolve, reject) => {
				const entry = {
					timer: setTimeout(() => {
						pending.delete(entry)
						resolve(undefined)
					}, ms),
					reject,
				}
				pending.add(entry)
			})
		},
		/** Ends every pause now and every later one at once. */
		end() {
			ended = true
			for (const { timer, reject } of pending) {
				clearTimeout(timer)
				reject(new StepOver())
			}
			pending.clear()
		},
		/** Pauses under way (for the tests). */
		get size() {
			return pending.size
		},
	}
}
