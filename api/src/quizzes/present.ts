import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type { TestHistoryTable } from '../schema.ts'
import type { historyEntry, quizSession } from './schemas.ts'
import type { AttemptRow } from './repository.ts'
import { GRACE_SECONDS } from './schemas.ts'

export type HistoryRow = Selectable<TestHistoryTable>

const percentage = (score: number, total: number) =>
	total === 0 ? 0 : Math.round((score / total) * 100)

/** The README's History entry. */
export function toHistoryEntry(row: HistoryRow): z.input<typeof historyEntry> {
	return {
		id: row.id,
		sessionId: row.attempt_id,
		templateId: row.template_id,
		templateTitle: row.template_title,
		score: row.score,
		totalQuestions: row.total_questions,
		percentage: percentage(row.score, row.total_questions),
		status: row.status,
		startedAt: row.started_at.toISOString(),
		completedAt: row.completed_at.toISOString(),
	}
}

/**
 * The README's Test session. While it is open the questions come without the correct options;
 * once closed, `result` reviews every question with them.
 */
export function toSession(
	attempt: AttemptRow,
	history: HistoryRow | undefined,
	now: Date,
): z.input<typeof quizSession> {
	const open = attempt.status === 'in_progress'
	return {
		id: attempt.id,
		templateId: attempt.template_id,
		title: attempt.template_title,
		timeLimit: attempt.time_limit,
		status: attempt.status,
		startedAt: attempt.started_at.toISOString(),
		deadline: attempt.deadline.toISOString(),
		graceSeconds: GRACE_SECONDS,
		serverTime: now.toISOString(),
		questions: attempt.questions.map((question) => ({
			id: question.id,
			questionText: question.questionText,
			options: question.options.map((option) => ({ id: option.id, text: option.text })),
		})),
		answers: attempt.answers,
		flagged: attempt.flagged,
		answersSavedAt: attempt.answers_saved_at?.toISOString() ?? null,
		result:
			open || !history
				? null
				: {
						historyId: history.id,
						score: history.score,
						totalQuestions: history.total_questions,
						percentage: percentage(history.score, history.total_questions),
						closedAt: history.completed_at.toISOString(),
						review: attempt.questions.map((question) => {
							const chosen = attempt.answers[question.id] ?? null
							return {
								questionId: question.id,
								questionText: question.questionText,
								chosenOptionId: chosen,
								isCorrect: question.options.some(
									(option) => option.isCorrect && option.id === chosen,
								),
								options: question.options,
							}
						}),
					},
	}
}
