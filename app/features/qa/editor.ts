import { t } from '@lingui/core/macro'
import type { SubmissionResult } from '@conform-to/react'
import { z } from 'zod'
import { parseForm } from '~/platform/own-fields'
import { draftSchema, type Draft, type DraftQuestion, type TemplateInput } from './schema'

// The template editor's rules (spec sections 4 and 5), as pure functions over a draft. The page
// runs them in the browser (edits in place), and without JavaScript on the draft each change
// button posts (the action checks the post, the page applies the change to the draft it gets back).

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
 * An editor post: the draft (its fields) and the button pressed. Anything but a known change, or
 * a draft that is not one, fails like any invalid form.
 */
export const editorPostSchema = draftSchema.extend({
	intent: z.string().transform((value, ctx) => {
		const intent = readIntent(value)
		if (intent) return intent
		ctx.addIssue({ code: 'custom', message: t`Choose a change to make` })
		return z.NEVER
	}),
})

/**
 * Reads an editor post. Without conform's coercion, so the post and the draft conform's answer
 * gives back (`initialValue`) are read by the one schema, the same way.
 */
export const parseEditorPost = (formData: FormData) =>
	parseForm(formData, { schema: editorPostSchema, disableAutoCoercion: true })

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

/** The editor's messages by the name of the input they are about (`questions[0].questionText`). */
export type DraftErrors = Record<string, string[]>

/** The name of a question's input, or of one of its options' (`questions[0].options[2].text`). */
/* eslint-disable lingui/no-unlocalized-strings -- names of inputs */
export const questionInput = (index: number, field: string) => `questions[${index}].${field}`
export const optionInput = (index: number, optionIndex: number, field: 'text' | 'isCorrect') =>
	questionInput(index, `options[${optionIndex}].${field}`)
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * Checks a draft before it is sent. Blank options not marked correct are left out (a question
 * may use fewer than 4); each problem is named by its input, `options` by the question's list.
 */
export function validateDraft(
	draft: Draft,
): { ok: true; value: TemplateInput } | { ok: false; errors: DraftErrors } {
	const errors: DraftErrors = {}
	const fail = (path: string, message: string) => (errors[path] ??= []).push(message)

	const title = draft.title.trim()
	if (!title) fail('title', t`Enter a title`)
	else if (title.length > 200) fail('title', t`Title must be at most 200 characters`)
	const description = draft.description.trim()
	if (description.length > 2000) fail('description', t`Description must be at most 2000 characters`)
	const timeLimit = draft.timeLimit.trim()
	if (!/^\d{1,4}$/.test(timeLimit))
		fail('timeLimit', t`Enter the time limit as a whole number of minutes`)
	else if (Number(timeLimit) < 1 || Number(timeLimit) > 600)
		fail('timeLimit', t`Time limit must be from 1 to 600 minutes`)
	if (draft.questions.length === 0) fail('questions', t`A template needs at least one question`)

	const questions = draft.questions.map((question, index) => {
		const questionText = question.questionText.trim()
		if (!questionText) fail(questionInput(index, 'questionText'), t`Enter the question`)
		else if (questionText.length > 2000)
			fail(questionInput(index, 'questionText'), t`Question must be at most 2000 characters`)
		const options = question.options.flatMap((option, optionIndex) => {
			const text = option.text.trim()
			if (!text) {
				if (option.isCorrect)
					fail(optionInput(index, optionIndex, 'text'), t`A correct option needs text`)
				return []
			}
			if (text.length > 500)
				fail(optionInput(index, optionIndex, 'text'), t`Option must be at most 500 characters`)
			return [{ text, isCorrect: option.isCorrect }]
		})
		if (options.length < 2)
			fail(questionInput(index, 'options'), t`Give at least 2 options with text`)
		else if (!options.some((option) => option.isCorrect))
			fail(questionInput(index, 'options'), t`Mark at least one option as correct`)
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

/**
 * What the editor shows after the action answered (conform's reply): the draft as posted, with
 * the change its button asked for applied (as the browser applies it with JavaScript), and the
 * messages by input. A post that held no draft starts again from an empty one.
 */
export function editorAnswer(reply: SubmissionResult<string[]>) {
	const posted = reply.initialValue ?? {}
	const parsed = draftSchema.safeParse(posted)
	const formErrors = reply.error?.[''] ?? []
	// The form's message alone: the post's own problems name inputs the empty draft does not have.
	if (!parsed.success) return { draft: emptyDraft(), errors: {}, formErrors }
	const intent = reply.status === 'success' ? readIntent(postedIntent(posted)) : null
	const errors: DraftErrors = {}
	for (const [name, messages] of Object.entries(reply.error ?? {}))
		if (name !== '' && messages) errors[name] = messages
	return { draft: intent ? applyIntent(parsed.data, intent) : parsed.data, errors, formErrors }
}

const postedIntent = (posted: Record<string, unknown>) =>
	typeof posted.intent === 'string' ? posted.intent : null
