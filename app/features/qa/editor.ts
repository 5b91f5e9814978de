import { z } from 'zod'
import { draftSchema, type Draft, type DraftQuestion, type TemplateInput } from './schema'

// The template editor's rules (spec sections 4 and 5), as pure functions over a draft. The page
// runs them in the browser (edits in place) and in its action (each change a form post).

export const OPTIONS_PER_QUESTION = 4
export const MAX_QUESTIONS = 100

type DraftOption = DraftQuestion['options'][number]

/** A new question: id = highest existing id + 1, empty text, 4 empty options none correct. */
export function newQuestion(questions: readonly DraftQuestion[]): DraftQuestion {
	const highest = questions.reduce((max, question) => Math.max(max, question.id), 0)
	return {
		id: highest + 1,
		questionText: '',
		options: Array.from({ length: OPTIONS_PER_QUESTION }, () => ({ text: '', isCorrect: false })),
	}
}

export function emptyDraft(): Draft {
	return {
		title: '',
		description: '',
		timeLimit: '30',
		isActive: false,
		questions: [newQuestion([])],
	}
}

export function addQuestion(draft: Draft): Draft {
	if (draft.questions.length >= MAX_QUESTIONS) return draft
	return { ...draft, questions: [...draft.questions, newQuestion(draft.questions)] }
}

/** Spec section 5: a template keeps at least one question. */
export const canRemoveQuestion = (draft: Draft) => draft.questions.length > 1

export function removeQuestion(draft: Draft, questionId: number): Draft {
	if (!canRemoveQuestion(draft)) return draft
	const questions = draft.questions.filter((question) => question.id !== questionId)
	return questions.length === draft.questions.length ? draft : { ...draft, questions }
}

/** A partial update of one question, by id; other questions are untouched. */
export function updateQuestion(
	draft: Draft,
	questionId: number,
	changes: Partial<Omit<DraftQuestion, 'id'>>,
): Draft {
	return {
		...draft,
		questions: draft.questions.map((question) =>
			question.id === questionId ? { ...question, ...changes } : question,
		),
	}
}

/** A partial update of one option of one question. */
export function updateOption(
	draft: Draft,
	questionId: number,
	optionIndex: number,
	changes: Partial<DraftOption>,
): Draft {
	const question = draft.questions.find((candidate) => candidate.id === questionId)
	if (!question || !question.options[optionIndex]) return draft
	return updateQuestion(draft, questionId, {
		options: question.options.map((option, index) =>
			index === optionIndex ? { ...option, ...changes } : option,
		),
	})
}

/** Merges partial updates into the template being edited. */
export function mergeDraft(draft: Draft, changes: Partial<Draft>): Draft {
	return { ...draft, ...changes }
}

export type EditorIntent =
	{ type: 'add-question' } | { type: 'remove-question'; questionId: number } | { type: 'save' }

/** The button a teacher pressed: `add-question`, `remove-question:<id>` or `save`. */
export function readIntent(value: FormDataEntryValue | null): EditorIntent | null {
	if (value === 'add-question' || value === 'save') return { type: value }
	const remove = typeof value === 'string' ? /^remove-question:(\d{1,7})$/.exec(value) : null
	return remove ? { type: 'remove-question', questionId: Number(remove[1]) } : null
}

/**
 * The rest of an editor post besides its draft (which `draftFromForm` reads): the pressed button,
 * as the action's schema. Anything but a known change fails like any invalid form.
 */
export const editorPostSchema = z.object({
	intent: z.string().transform((value, ctx) => {
		const intent = readIntent(value)
		if (intent) return intent
		ctx.addIssue({ code: 'custom', message: 'Choose a change to make' })
		return z.NEVER
	}),
})

export function applyIntent(draft: Draft, intent: EditorIntent): Draft {
	switch (intent.type) {
		case 'add-question':
			return addQuestion(draft)
		case 'remove-question':
			return removeQuestion(draft, intent.questionId)
		case 'save':
			return draft
	}
}

const FIELD = /^questions\[(\d{1,3})\]\.(id|questionText|options\[(\d{1,2})\]\.(text|isCorrect))$/

/**
 * The draft as the editor form posts it: title, description, timeLimit, isActive, and
 * `questions[i].id`, `questions[i].questionText`, `questions[i].options[j].text|isCorrect`.
 * Anything malformed is dropped; null when no question survives.
 */
export function draftFromForm(form: FormData): Draft | null {
	const questions: { id?: number; questionText?: string; options: DraftOption[] }[] = []
	for (const [name, value] of form.entries()) {
		if (typeof value !== 'string') continue
		const match = FIELD.exec(name)
		if (!match) continue
		const question = (questions[Number(match[1])] ??= { options: [] })
		if (match[2] === 'id') question.id = Number(value)
		else if (match[2] === 'questionText') question.questionText = value
		else {
			const option = (question.options[Number(match[3])] ??= { text: '', isCorrect: false })
			if (match[4] === 'text') option.text = value
			else option.isCorrect = value === 'on' || value === 'true'
		}
	}
	const parsed = draftSchema.safeParse({
		title: form.get('title') ?? '',
		description: form.get('description') ?? '',
		timeLimit: form.get('timeLimit') ?? '',
		isActive: form.get('isActive') === 'on' || form.get('isActive') === 'true',
		questions: questions
			.filter((question) => question !== undefined)
			.map((question) => ({ ...question, options: question.options.filter(Boolean) })),
	})
	if (!parsed.success) return null
	const ids = new Set(parsed.data.questions.map((question) => question.id))
	return ids.size === parsed.data.questions.length ? parsed.data : null
}

export type DraftErrors = Record<string, string[]>

/**
 * Checks a draft before it is sent. Blank options not marked correct are left out (a question
 * may use fewer than 4); paths name the draft's own fields, e.g. `questions.0.options.2.text`.
 */
export function validateDraft(
	draft: Draft,
): { ok: true; value: TemplateInput } | { ok: false; errors: DraftErrors } {
	const errors: DraftErrors = {}
	const fail = (path: string, message: string) => (errors[path] ??= []).push(message)

	const title = draft.title.trim()
	if (!title) fail('title', 'Enter a title')
	else if (title.length > 200) fail('title', 'Title must be at most 200 characters')
	const description = draft.description.trim()
	if (description.length > 2000) fail('description', 'Description must be at most 2000 characters')
	const timeLimit = draft.timeLimit.trim()
	if (!/^\d{1,4}$/.test(timeLimit))
		fail('timeLimit', 'Enter the time limit as a whole number of minutes')
	else if (Number(timeLimit) < 1 || Number(timeLimit) > 600)
		fail('timeLimit', 'Time limit must be from 1 to 600 minutes')
	if (draft.questions.length === 0) fail('questions', 'A template needs at least one question')

	const questions = draft.questions.map((question, index) => {
		const path = `questions.${index}`
		const questionText = question.questionText.trim()
		if (!questionText) fail(`${path}.questionText`, 'Enter the question')
		else if (questionText.length > 2000)
			fail(`${path}.questionText`, 'Question must be at most 2000 characters')
		const options = question.options.flatMap((option, optionIndex) => {
			const text = option.text.trim()
			if (!text) {
				if (option.isCorrect)
					fail(`${path}.options.${optionIndex}.text`, 'A correct option needs text')
				return []
			}
			if (text.length > 500)
				fail(`${path}.options.${optionIndex}.text`, 'Option must be at most 500 characters')
			return [{ text, isCorrect: option.isCorrect }]
		})
		if (options.length < 2) fail(`${path}.options`, 'Give at least 2 options with text')
		else if (!options.some((option) => option.isCorrect))
			fail(`${path}.options`, 'Mark at least one option as correct')
		return { id: question.id, questionText, options }
	})

	if (Object.keys(errors).length) return { ok: false, errors }
	return {
		ok: true,
		value: {
			title,
			...(description && { description }),
			timeLimit: Number(timeLimit),
			isActive: draft.isActive ? 1 : 0,
			questions,
		},
	}
}
