// Types for bench/load/sizing.mjs, for stats.test.ts.
type Line = { baseMiB: number; perPersonMiB: number }
export const SCHOOLS: number[]
export const BUSY_SHARE: number
export const POOL_PER_API_PROCESS: number
export const POSTGRES_MAX_CONNECTIONS: number
export function activePerPupil(model: { activeAtPeak: Record<string, number> }): number
export function memoryLine(
	first: { users: number; memoryMiB: number },
	last: { users: number; memoryMiB: number },
): Line
export function sizeSchool(options: {
	pupils: number
	perPupil: number
	cpu: Record<string, number>
	memory: Record<string, Line>
	busyShare?: number
}): {
	pupils: number
	active: number
	processes: Record<string, { cores: number; processes: number; memoryMiB: number }>
	postgresConnections: number
}
export function measuredCosts(results: unknown): {
	cpu: Record<string, number>
	memory: Record<string, Line>
	perPupil: number
} | null
