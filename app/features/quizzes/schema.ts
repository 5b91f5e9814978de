import { z } from 'zod'

// Answers of the reference API (api/README.md, Tests), parsed, never cast.
const reviewSchema = z.object({
	questionId: z.number(),
	questionText: z.string(),
	chosenOptionId: z.number().nullable(),
	isCorrect: z.boolean(),
	options: z.array(z.object({ id: z.number(), text: z.string(), isCorrect: z.boolean() })),
})
export type QuestionReview = z.infer<typeof reviewSchema>

export const quizSessionSchema = z.object({
	id: z.string(),
	templateId: z.string().nullable(),
	title: z.string(),
	timeLimit: z.number(),
	status: z.enum(['in_progress', 'submitted', 'expired']),
	startedAt: z.string(),
	deadline: z.string(),
	graceSeconds: z.number(),
	serverTime: z.string(),
	questions: z.array(
		z.object({
			id: z.number(),
			questionText: z.string(),
			options: z.array(z.object({ id: z.number(), text: z.string() })),
		}),
	),
	/** Spec section 3: answers per questionId as the chosen optionId. */
	answers: z.record(z.string(), z.number()),
	flagged: z.array(z.number()),
	answersSavedAt: z.string().nullable(),
	result: z
		.object({
			historyId: z.string(),
			score: z.number(),
			totalQuestions: z.number(),
			percentage: z.number(),
			closedAt: z.string(),
			review: z.array(reviewSchema),
		})
		.nullable(),
})
export type QuizSession = z.infer<typeof quizSessionSchema>

export const startAnswerSchema = z.object({
	resumed: z.boolean().optional(),
	session: quizSessionSchema,
})
export const sessionAnswerSchema = z.object({ session: quizSessionSchema })
export const savedAnswersSchema = z.object({
	answers: z.record(z.string(), z.number()),
	flagged: z.array(z.number()),
	answersSavedAt: z.string(),
})
export const submittedSchema = z.object({
	historyId: z.string().nullable(),
	session: quizSessionSchema,
})

export const historyEntrySchema = z.object({
	id: z.string(),
	sessionId: z.string(),
	templateId: z.string().nullable(),
	templateTitle: z.string(),
	score: z.number(),
	totalQuestions: z.number(),
	percentage: z.number(),
	status: z.enum(['submitted', 'expired']),
	startedAt: z.string(),
	completedAt: z.string(),
})
export type HistoryEntry = z.infer<typeof historyEntrySchema>

export const historyListSchema = z.object({
	history: z.array(historyEntrySchema),
	pagination: z.object({
		total: z.number(),
		currentPage: z.number(),
		totalPages: z.number().optional(),
	}),
})
export const historyEntryAnswerSchema = z.object({ entry: historyEntrySchema })

/** Answers and flags as the test form and the island send them. */
export type Progress = { answers: Record<string, number>; flagged: number[] }

const id = z.coerce.number().int().min(1).max(10_000_000)

/**
 * The test form: `answer-<questionId>` radios (the chosen option id) and `flag` checkboxes (the
 * question ids), the same with or without JavaScript.
 */
export function progressFromForm(form: FormData): Progress {
	const answers: Record<string, number> = {}
	for (const [name, value] of form.entries()) {
		const match = /^answer-(\d{1,7})$/.exec(name)
		const option = id.safeParse(value)
		if (match?.[1] && option.success) answers[match[1]] = option.data
	}
	const flagged = form
		.getAll('flag')
		.map((value) => id.safeParse(value))
		.flatMap((result) => (result.success ? [result.data] : []))
	return { answers, flagged: [...new Set(flagged)] }
}

/**
 * The test page's two forms: Start (or resume) the attempt, and the whole test submitted without
 * JavaScript (its answers are read by `progressFromForm`).
 */
export const takeQuizActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('start') }),
	z.object({ intent: z.literal('submit') }),
])

/** The island's JSON body for saving or submitting. */
export const progressSchema = z.object({
	answers: z.record(z.string().regex(/^\d{1,7}$/), z.number().int().min(1)),
	flagged: z.array(z.number().int().min(1)).max(100),
})

export const islandRequestSchema = z.object({
	intent: z.enum(['save', 'submit']),
	sessionId: z.string().min(1).max(100),
	progress: progressSchema,
})
export type IslandRequest = z.infer<typeof islandRequestSchema>

/** What the island's requests answer: the saved progress, or where to go after a submit. */
export type IslandReply =
	| { ok: true; intent: 'save'; answersSavedAt: string; saved: Progress }
	| { ok: true; intent: 'submit'; resultUrl: string }
	| { ok: false; message: string; closed: boolean; resultUrl?: string }
