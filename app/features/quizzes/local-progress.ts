import { z } from 'zod'
import type { Progress } from './schema'

/** Spec section 9: the local-storage entry for the test being taken. */
export const TEST_SESSION_KEY = 'test_session_data'

const storedSchema = z.object({
	sessionId: z.string(),
	templateId: z.string(),
	answers: z.record(z.string(), z.number()),
	flagged: z.array(z.number()),
	/** A submit made offline, to send when the connection is back. */
	pendingSubmit: z.boolean(),
	updatedAt: z.number(),
})
export type StoredQuiz = z.infer<typeof storedSchema>

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The saved test data for this session; anything else (another test, bad JSON) is ignored. */
export function readStoredQuiz(storage: KeyValueStore, sessionId: string): StoredQuiz | null {
	let raw: string | null
	try {
		raw = storage.getItem(TEST_SESSION_KEY)
	} catch {
		return null
	}
	if (!raw) return null
	try {
		const parsed = storedSchema.safeParse(JSON.parse(raw))
		return parsed.success && parsed.data.sessionId === sessionId ? parsed.data : null
	} catch {
		return null
	}
}

/** False when the browser refuses (private mode, quota): the page then says answers live on the server only. */
export function writeStoredQuiz(storage: KeyValueStore, quiz: StoredQuiz): boolean {
	try {
		storage.setItem(TEST_SESSION_KEY, JSON.stringify(quiz))
		return true
	} catch {
		return false
	}
}

export function clearStoredQuiz(storage: KeyValueStore) {
	try {
		storage.removeItem(TEST_SESSION_KEY)
	} catch {
		// Nothing stored, nothing to clear.
	}
}

/**
 * What the page starts from: this device's copy when it has one, unless the server saved answers
 * after it (the student went on on another device); else the server's saved answers.
 */
export function restoreProgress(
	server: Progress,
	serverSavedAt: string | null,
	stored: StoredQuiz | null,
): Progress {
	if (!stored) return server
	if (serverSavedAt && Date.parse(serverSavedAt) > stored.updatedAt) return server
	return { answers: { ...stored.answers }, flagged: [...stored.flagged] }
}

/** How many answers differ from what the server has saved. */
export function unsavedAnswers(current: Progress['answers'], saved: Progress['answers']): number {
	const ids = new Set([...Object.keys(current), ...Object.keys(saved)])
	let count = 0
	for (const id of ids) if (current[id] !== saved[id]) count++
	return count
}

export const sameFlags = (a: number[], b: number[]) =>
	a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',')

/** Flagging a question toggles it (spec section 4). */
export function toggleFlag(flagged: number[], questionId: number): number[] {
	return flagged.includes(questionId)
		? flagged.filter((id) => id !== questionId)
		: [...flagged, questionId]
}
