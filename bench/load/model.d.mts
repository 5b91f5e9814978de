// Types for bench/load/model.mjs, for stats.test.ts.
export type Mix = Record<string, number>
export const MONDAY_MORNING: { activeAtPeak: Mix } & Record<string, unknown>
export function loadModel(env?: Record<string, string | undefined>): typeof MONDAY_MORNING
export function shareOut(users: number, activeAtPeak: Mix, skip?: string[]): Record<string, number>
export function thinkMs(meanSeconds: number, random?: () => number): number
export function shuffled<T>(items: readonly T[], random?: () => number): T[]
export function personAddress(index: number): string
export function roomSeat(
	place: number,
	rooms: number,
	pupilsEach: number,
): { room: number; pupil: number }
