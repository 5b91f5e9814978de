import { z } from '@hono/zod-openapi'
import { isoDateTime } from '../platform/openapi.ts'
import { pageAnswer, paginationQuery } from '../platform/pagination.ts'
import { body, optionalText, requiredText } from '../platform/validation.ts'

/** Spec section 3: the server sends isActive as 1 or 0; it accepts those (and booleans). */
export const activeFlag = z
	.union([z.literal(1), z.literal(0), z.boolean()], { error: 'isActive must be 1 or 0' })
	.transform((value) => value === 1 || value === true)

const option = z.object(
	{
		text: requiredText('Option text', 500),
		isCorrect: z.boolean({ error: 'isCorrect must be true or false' }).default(false),
	},
	{ error: 'Each option must be an object with text and isCorrect' },
)

const question = z
	.object(
		{
			id: z
				.number({ error: 'Question id must be a number' })
				.int('Question id must be a whole number')
				.min(1, 'Question id must be at least 1')
				.max(1_000_000, 'Question id must be at most 1000000'),
			questionText: requiredText('Question text', 2000),
			options: z
				.array(option, { error: 'Options must be a list' })
				.min(2, 'Give each question at least 2 options')
				.max(10, 'Give each question at most 10 options'),
		},
		{ error: 'Each question must be an object with id, questionText and options' },
	)
	.refine((value) => value.options.some((candidate) => candidate.isCorrect), {
		message: 'Mark at least one option as correct',
		path: ['options'],
	})

export const templateBody = body({
	title: requiredText('Title', 200),
	description: optionalText('Description', 2000),
	timeLimit: z
		.number({ error: 'Time limit must be a number of minutes' })
		.int('Time limit must be a whole number of minutes')
		.min(1, 'Time limit must be at least 1 minute')
		.max(600, 'Time limit must be at most 600 minutes'),
	isActive: activeFlag.default(false),
	questions: z
		.array(question, { error: 'Questions must be a list' })
		.min(1, 'A template needs at least one question')
		.max(100, 'A template can have at most 100 questions'),
}).superRefine((value, ctx) => {
	const seen = new Set<number>()
	value.questions.forEach((entry, index) => {
		if (seen.has(entry.id)) {
			ctx.addIssue({
				code: 'custom',
				path: ['questions', index, 'id'],
				message: 'Question ids must be unique',
			})
		}
		seen.add(entry.id)
	})
})
export type TemplateBody = z.output<typeof templateBody>

/** The toggle's updates object; without isActive the status flips. */
export const toggleBody = body({ isActive: activeFlag.optional() })

const flagQuery = z
	.enum(['1', '0', 'true', 'false'], { error: 'isActive must be 1 or 0' })
	.transform((value) => value === '1' || value === 'true')

export const templateListQuery = paginationQuery.extend({
	createdBy: z.guid({ error: 'createdBy must be a UUID' }).optional(),
	isActive: flagQuery.optional(),
})

/** A question as stored and shown to its template's creator: options with ids. */
export const storedQuestion = z.object({
	id: z.number().int(),
	questionText: z.string(),
	options: z.array(z.object({ id: z.number().int(), text: z.string(), isCorrect: z.boolean() })),
})

/** The README's Template: the questions for its creator only, their count for everyone. */
export const template = z
	.object({
		id: z.string(),
		title: z.string(),
		description: z.string().nullable(),
		timeLimit: z.number().int(),
		isActive: z.union([z.literal(0), z.literal(1)]),
		createdBy: z.string(),
		createdByName: z.string(),
		questionCount: z.number().int(),
		questions: z.array(storedQuestion).optional(),
		createdAt: isoDateTime,
		updatedAt: isoDateTime,
	})
	.openapi('Template')

export const oneTemplate = z.object({ template })

export const changedTemplate = z.object({ message: z.string(), template })

export const templateList = z.object({
	templates: z.array(template),
	pagination: pageAnswer.extend({ limit: z.number().int() }),
})
