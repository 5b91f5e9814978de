// Types for bench/load/journeys.mjs, for its tests.

export function whatPageSaid(answer: { status: number; readonly body: string }): string
export function ticketOf(html: string): string | null
export function ticketErrorOf(html: string): string | null
export function questionsOf(html: string): [string, number[]][]
export function testEndsAt(
	model: { testMinutes: number; testSaveEverySeconds: number },
	now: number,
	first: boolean,
	random?: () => number,
): number
export function catchUpBoard(doc: import('yjs').Doc, heard: Uint8Array[]): void
type Journey = (person: Record<string, unknown>) => Promise<void>
export const JOURNEYS: Record<string, Journey>
export function studentTest(person: Record<string, unknown>): Promise<void>
export function studentRoom(person: Record<string, unknown>): Promise<void>
