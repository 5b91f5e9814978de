import { t } from '@lingui/core/macro'
import { z } from 'zod'

// Answers of the reference API (api/README.md, QA templates), parsed, never cast.
export const optionSchema = z.object({
	id: z.number().optional(),
	text: z.string(),
	isCorrect: z.boolean(),
})

export const questionSchema = z.object({
	id: z.number(),
	questionText: z.string(),
	options: z.array(optionSchema),
})
export type Question = z.infer<typeof questionSchema>

/** Spec section 3: the server sends isActive as 1 or 0; the app treats it as a boolean. */
const activeFlag = z
	.union([z.literal(1), z.literal(0), z.boolean()])
	.transform((value) => value === 1 || value === true)

export const templateSchema = z.object({
	id: z.string(),
	title: z.string(),
	description: z.string().nullable().optional(),
	timeLimit: z.number(),
	isActive: activeFlag,
	createdBy: z.string(),
	createdByName: z.string().optional(),
	questionCount: z.number().optional(),
	questions: z.array(questionSchema).optional(),
	createdAt: z.string().optional(),
})
export type Template = z.infer<typeof templateSchema>

export const templateListSchema = z.object({
	templates: z.array(templateSchema),
	pagination: z.object({
		total: z.number(),
		currentPage: z.number(),
		totalPages: z.number().optional(),
		limit: z.number().optional(),
	}),
})
export type TemplateList = z.infer<typeof templateListSchema>

export const templateAnswerSchema = z.object({ template: templateSchema })

/** The list page's filters: "mine" or everyone's, and active, inactive or both. */
export const templateFiltersSchema = z.object({
	page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
	createdBy: z.enum(['me', 'all']).catch('me'),
	isActive: z.enum(['all', '1', '0']).catch('all'),
})
export type TemplateFilters = z.infer<typeof templateFiltersSchema>

export const templateActionSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('toggle'),
		templateId: z.string().min(1),
		isActive: z.enum(['1', '0']),
	}),
	z.object({ intent: z.literal('delete'), templateId: z.string().min(1) }),
])

// The editor's draft: what a teacher may have typed so far, before it is a valid template. Read
// as the editor's form posts it (`questions[0].options[1].text`, a ticked box 'on') and as conform's
// answer gives it back, where empty inputs are left out: a missing text is '', a box unticked.
const text = (max: number) =>
	z
		.string()
		.max(max * 4)
		.catch('')

const checkbox = z
	.string()
	.optional()
	.catch(undefined)
	.transform((value) => value === 'on' || value === 'true')

export const draftOptionSchema = z
	.object({ text: text(500), isCorrect: checkbox })
	.nullish()
	.transform((option) => option ?? { text: '', isCorrect: false })

export const draftQuestionSchema = z.object({
	id: z.coerce.number().int().min(1).max(1_000_000),
	questionText: text(2000),
	options: z
		.array(draftOptionSchema)
		.max(10)
		.default(() => []),
})
export type DraftQuestion = z.infer<typeof draftQuestionSchema>

export const draftSchema = z.object({
	title: text(200),
	description: text(2000),
	timeLimit: z.string().max(10).catch(''),
	isActive: checkbox,
	questions: z
		.array(draftQuestionSchema)
		.min(1)
		.max(100)
		.refine(
			(questions) => new Set(questions.map((question) => question.id)).size === questions.length,
			{ error: () => t`Each question needs its own id` },
		),
})
export type Draft = z.infer<typeof draftSchema>

/** A draft that passed the editor's checks: the body of POST /qa/create-template. */
export type TemplateInput = {
	title: string
	description?: string
	timeLimit: number
	isActive: 0 | 1
	questions: { id: number; questionText: string; options: { text: string; isCorrect: boolean }[] }[]
}
