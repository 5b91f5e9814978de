import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type { QaTemplatesTable, StoredQuestion } from '../schema.ts'
import type { template } from './schemas.ts'

export type TemplateRow = Selectable<QaTemplatesTable> & { creator_name: string }

/**
 * The README's Template. Only its creator sees the questions (with the correct options); anyone
 * else sees how many there are, so nothing leaks before a test starts.
 */
export function toTemplate(row: TemplateRow, viewerId: string): z.input<typeof template> {
	const own = row.created_by === viewerId
	return {
		id: row.id,
		title: row.title,
		description: row.description,
		timeLimit: row.time_limit,
		isActive: row.is_active ? (1 as const) : (0 as const),
		createdBy: row.created_by,
		createdByName: row.creator_name,
		questionCount: row.questions.length,
		...(own && { questions: row.questions }),
		createdAt: row.created_at.toISOString(),
		updatedAt: row.updated_at.toISOString(),
	}
}

/** Options get ids by position (1, 2, ...): answers name the chosen option by id. */
export function storedQuestions(
	questions: {
		id: number
		questionText: string
		options: { text: string; isCorrect: boolean }[]
	}[],
): StoredQuestion[] {
	return questions.map((question) => ({
		id: question.id,
		questionText: question.questionText,
		options: question.options.map((option, index) => ({
			id: index + 1,
			text: option.text,
			isCorrect: option.isCorrect,
		})),
	}))
}
