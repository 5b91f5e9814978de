import type { z } from 'zod'
import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ApiError, isUniqueViolation, MESSAGES } from '../platform/errors.ts'
import type { Refusals } from '../platform/openapi.ts'
import { checkAnswers, closeAttempt, isPastGrace, settleAttempt } from './attempts.ts'
import { toSession } from './present.ts'
import { knownAttempt, rememberAttempt, type FixedPart } from './known-attempts.ts'
import {
	findAttempt,
	findAttemptWithEntry,
	findHistoryByAttempt,
	findHistoryEntry,
	findOpenAttempt,
	findTemplateToStart,
	insertAttempt,
	saveProgress,
	type AttemptRow,
} from './repository.ts'
import type { Answers, saveAnswersBody, submitBody } from './schemas.ts'

// A student's test session: started or resumed, saved, submitted, read back (moved from
// quizzes/routes.ts, decision 060). An attempt past its deadline is settled whenever it is read.

export const MESSAGES_TESTS = {
	sessionNotFound: 'Test session not found',
	templateNotFound: 'Template not found',
	notActive: 'This test is not open for taking right now',
	alreadySubmitted: 'This test has already been submitted',
	timeUp:
		'Time is up: this test closed at its deadline and can no longer be changed. It was scored with the answers saved before then.',
	historyNotFound: 'Test history entry not found',
} as const

/** A call on one of the student's own sessions: its refusals (decision 059). */
export const OWN_SESSION_REFUSALS = {
	403: MESSAGES.forbidden,
	404: MESSAGES_TESTS.sessionNotFound,
} as const satisfies Refusals

/** A call that changes one of the student's own sessions, which must still be open. */
export const OPEN_SESSION_REFUSALS = {
	...OWN_SESSION_REFUSALS,
	409: [MESSAGES_TESTS.alreadySubmitted, MESSAGES_TESTS.timeUp],
} as const satisfies Refusals

/** The student's own attempt, settled as of `now`. */
export async function ownAttempt(db: Db, account: Account, id: string, now: Date) {
	const attempt = await findAttempt(db, id)
	if (!attempt) throw new ApiError(404, MESSAGES_TESTS.sessionNotFound)
	if (attempt.student_id !== account.id) throw new ApiError(403, MESSAGES.forbidden)
	rememberAttempt(db, attempt)
	return settleAttempt(db, attempt, now)
}

/**
 * The student's own session as answered, settled as of `now`: the attempt and its history entry
 * read together, so a closed session is one statement, not two (decision 076).
 */
export async function ownSession(db: Db, account: Account, id: string, now: Date) {
	const found = await findAttemptWithEntry(db, id)
	if (!found) throw new ApiError(404, MESSAGES_TESTS.sessionNotFound)
	const { attempt, entry } = found
	if (attempt.student_id !== account.id) throw new ApiError(403, MESSAGES.forbidden)
	rememberAttempt(db, attempt)
	const settled = await settleAttempt(db, attempt, now)
	// Closed just now (its deadline passed) or meanwhile: its entry is read as before.
	if (settled !== attempt || (settled.status !== 'in_progress' && !entry))
		return sessionOf(db, settled, now)
	return toSession(settled, entry, now)
}

/**
 * The fixed part of the student's own attempt, when this process knows it and its time is not up:
 * a save or a submission can then write at once (its write still requires the attempt open). Else
 * undefined, and the call reads the attempt first, as every refusal is decided there.
 */
function knownOwnAttempt({ db, account, id, now }: SessionChange): FixedPart | undefined {
	const attempt = knownAttempt(db, id)
	if (!attempt || attempt.student_id !== account.id || isPastGrace(attempt, now)) return undefined
	return attempt
}

/** Whether the answers fit the attempt's questions (checkAnswers without its refusal). */
function answersFit(questions: FixedPart['questions'], answers: Answers, flagged: number[]) {
	try {
		checkAnswers(questions, answers, flagged, String)
		return true
	} catch {
		return false
	}
}

/** The session as answered: a closed one with its result. */
export const sessionOf = async (db: Db, attempt: AttemptRow, now: Date) =>
	toSession(
		attempt,
		attempt.status === 'in_progress' ? undefined : await findHistoryByAttempt(db, attempt.id),
		now,
	)

/** An attempt that may still change; else the 409 that says why not. */
function stillOpen(attempt: AttemptRow) {
	if (attempt.status === 'submitted') throw new ApiError(409, MESSAGES_TESTS.alreadySubmitted)
	if (attempt.status === 'expired') throw new ApiError(409, MESSAGES_TESTS.timeUp)
}

/** The student's open attempt at a template, unless it ran out (then it is closed first). */
async function openAttempt(db: Db, studentId: string, templateId: string, now: Date) {
	const attempt = await findOpenAttempt(db, studentId, templateId)
	if (!attempt) return undefined
	if (!isPastGrace(attempt, now)) return attempt
	await settleAttempt(db, attempt, now)
	return undefined
}

/**
 * Starts a test, or resumes the student's open attempt at it (`resumed`): an inactive template
 * can only be resumed. Two starts at once make one attempt; the second resumes it.
 */
export async function startAttempt(db: Db, account: Account, templateId: string, now: Date) {
	const template = await findTemplateToStart(db, templateId, account.id)
	if (!template) throw new ApiError(404, MESSAGES_TESTS.templateNotFound)
	const resumed = async (attempt: AttemptRow) => ({
		resumed: true,
		session: await sessionOf(db, attempt, now),
	})
	// Whether the student has one open came with the template (decision 076): most starts have none.
	const resumable = template.open_attempt_id
		? await openAttempt(db, account.id, template.id, now)
		: undefined
	if (resumable) {
		rememberAttempt(db, resumable)
		return resumed(resumable)
	}
	if (!template.is_active) throw new ApiError(409, MESSAGES_TESTS.notActive)
	try {
		const attempt = await insertAttempt(db, {
			templateId: template.id,
			studentId: account.id,
			title: template.title,
			questions: template.questions,
			timeLimit: template.time_limit,
			now,
		})
		rememberAttempt(db, attempt)
		return { resumed: false, session: await sessionOf(db, attempt, now) }
	} catch (error) {
		// Two starts at once: the other one made the attempt; resume it.
		if (!isUniqueViolation(error)) throw error
		const attempt = await findOpenAttempt(db, account.id, template.id)
		if (!attempt) throw error
		return resumed(attempt)
	}
}

/** A change to one of the student's own sessions: whose, which one, and when. */
type SessionChange = { db: Db; account: Account; id: string; now: Date }

/** The student's own attempt, settled as of `now`, which must still be open; else the refusal. */
async function openOwnAttempt({ db, account, id, now }: SessionChange) {
	const attempt = await ownAttempt(db, account, id, now)
	stillOpen(attempt)
	return attempt
}

/** Saves the whole current state of an open attempt, replacing what was saved. */
export async function saveAnswers(change: SessionChange, input: z.output<typeof saveAnswersBody>) {
	const { db, now } = change
	const known = knownOwnAttempt(change)
	if (known && answersFit(known.questions, input.answers, input.flagged)) {
		const saved = await saveProgress(db, known.id, input.answers, input.flagged, now)
		if (saved) return { answers: saved.answers, flagged: saved.flagged }
		// Closed or gone meanwhile: read below, which says why.
	}
	const attempt = await openOwnAttempt(change)
	checkAnswers(attempt.questions, input.answers, input.flagged, (id) => `answers.${id}`)
	const saved = await saveProgress(db, attempt.id, input.answers, input.flagged, now)
	if (!saved) stillOpen((await findAttempt(db, attempt.id)) ?? attempt)
	return {
		answers: saved?.answers ?? input.answers,
		flagged: saved?.flagged ?? input.flagged,
	}
}

/** Submits an open attempt (unanswered questions left out), which scores it: the closed session. */
export async function submitAttempt(change: SessionChange, input: z.output<typeof submitBody>) {
	const { db, now } = change
	const answers = Object.fromEntries(
		input.submissions.map((entry) => [String(entry.questionId), entry.optionId]),
	)
	const known = knownOwnAttempt(change)
	if (known && answersFit(known.questions, answers, input.flagged)) {
		const closed = await closeAttempt(db, known, {
			status: 'submitted',
			answers,
			flagged: input.flagged,
			at: now,
		})
		if (closed) return toSession(closed.attempt, closed.history, now)
		// Closed or gone meanwhile: read below, which says why.
	}
	const attempt = await openOwnAttempt(change)
	checkAnswers(attempt.questions, answers, input.flagged, (id) => {
		const index = input.submissions.findIndex((entry) => String(entry.questionId) === id)
		return `submissions.${index}`
	})
	const closed = await closeAttempt(db, attempt, {
		status: 'submitted',
		answers,
		flagged: input.flagged,
		at: now,
	})
	if (!closed) {
		stillOpen((await findAttempt(db, attempt.id)) ?? attempt)
		throw new ApiError(409, MESSAGES_TESTS.alreadySubmitted)
	}
	return toSession(closed.attempt, closed.history, now)
}

/** One of the student's own history entries. */
export async function ownHistoryEntry(db: Db, account: Account, id: string) {
	const entry = await findHistoryEntry(db, id)
	if (!entry) throw new ApiError(404, MESSAGES_TESTS.historyNotFound)
	if (entry.student_id !== account.id) throw new ApiError(403, MESSAGES.forbidden)
	return entry
}
