// Types for bench/load/stats.mjs, for stats.test.ts.
export type Step = {
	users: number
	requests: number
	p95Ms: number | null
	p99Ms: number | null
	errors: number
	lostWrites: number
}
export const LIMITS: { p95Ms: number; p99Ms: number; errors: number; lostWrites: number }
export function percentile(sorted: number[], share: number): number | null
export class Stats {
	times: Map<string, number[]>
	failures: Map<string, number>
	problems: Map<string, number>
	counting: boolean
	record(name: string, ms: number, ok: boolean, problem?: unknown): void
	summary(): {
		requests: number
		p50Ms: number | null
		p95Ms: number | null
		p99Ms: number | null
		errors: number
		problems: Record<string, number>
		byName: Record<
			string,
			{
				requests: number
				p50Ms: number | null
				p95Ms: number | null
				p99Ms: number | null
				errors: number
			}
		>
		timeline: { fromSecond: number; requests: number; p50Ms: number | null; p95Ms: number | null }[]
	}
}
export function judgeStep(step: Step, limits?: typeof LIMITS): { met: boolean; missed: string[] }
export function largestServed(steps: Step[], limits?: typeof LIMITS): number
export function lostWrites(
	acknowledged: Map<string, unknown>,
	stored: Map<string, unknown>,
	unanswered?: Map<string, unknown[]>,
): { key: string; acknowledged: unknown; stored: unknown }[]
export function cpuSecondsOfStat(
	statLine: string,
	ticksPerSecond?: number,
	ofEndedChildren?: boolean,
): number
export function cpuPerUserHour(cpuSeconds: number, users: number, seconds: number): number | null
