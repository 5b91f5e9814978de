// Types for bench/load/waits.mjs, for its tests.
export class StepOver extends Error {}
export function pauses(): {
	readonly ended: boolean
	wait(ms: number): Promise<void>
	end(): void
	readonly size: number
}
