import type { Db } from '../db.ts'
import type { AttemptRow } from './repository.ts'

/**
 * What never changes of an attempt once it is made: whose it is, its questions and its deadline
 * (nothing updates them: a save or a close changes only the answers, the status and the result).
 * A save or a submission needs them before its write, to check the answers; knowing them, the
 * write alone is the call's statement, and its conditions (the attempt open, its deadline and
 * grace not passed) decide as the read did (decision 076). What may change (the status, the
 * answers) is never taken from here.
 */
export type FixedPart = Pick<
	AttemptRow,
	'id' | 'student_id' | 'questions' | 'deadline' | 'started_at' | 'time_limit'
>

/** Attempts made or read lately, per database; the oldest go first past this many. */
const MAX_KNOWN = 5000
const known = new WeakMap<Db, Map<string, FixedPart>>()

/** Remembers the fixed part of an attempt this process made or read. */
export function rememberAttempt(db: Db, attempt: AttemptRow) {
	let attempts = known.get(db)
	if (!attempts) known.set(db, (attempts = new Map()))
	attempts.delete(attempt.id)
	attempts.set(attempt.id, {
		id: attempt.id,
		student_id: attempt.student_id,
		questions: attempt.questions,
		deadline: attempt.deadline,
		started_at: attempt.started_at,
		time_limit: attempt.time_limit,
	})
	if (attempts.size > MAX_KNOWN) attempts.delete(attempts.keys().next().value as string)
}

/** The fixed part of an attempt, when this process made or read it lately. */
export const knownAttempt = (db: Db, id: string): FixedPart | undefined => known.get(db)?.get(id)
