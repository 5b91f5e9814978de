/**
 * Runs `task` every `everyMs` at the real time, and once at start; a failed run goes to `onError`
 * and the next run tries again. `stop` ends the timer and waits for a run under way, so that the
 * database it uses can close after it.
 */
export function startPeriodic(
	task: () => Promise<unknown>,
	{ everyMs, onError }: { everyMs: number; onError: (error: unknown) => void },
) {
	let running: Promise<unknown> = Promise.resolve()
	const run = () => {
		running = task().catch(onError)
	}
	const timer = setInterval(run, everyMs)
	timer.unref()
	run()
	return {
		async stop() {
			clearInterval(timer)
			await running
		},
	}
}
