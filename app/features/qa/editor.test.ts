import { expect, test } from 'vitest'
import {
	addQuestion,
	applyIntent,
	canRemoveQuestion,
	editorAnswer,
	emptyDraft,
	mergeDraft,
	newQuestion,
	parseEditorPost,
	readIntent,
	removeQuestion,
	updateOption,
	updateQuestion,
	validateDraft,
} from './editor'
import type { Draft } from './schema'

const blankOptions = [1, 2, 3, 4].map(() => ({ text: '', isCorrect: false }))

const filledDraft = (): Draft => ({
	title: 'Fractions',
	description: '',
	timeLimit: '10',
	isActive: true,
	questions: [
		{
			id: 1,
			questionText: 'Half of 8?',
			options: [
				{ text: '4', isCorrect: true },
				{ text: '2', isCorrect: false },
				{ text: '', isCorrect: false },
				{ text: '', isCorrect: false },
			],
		},
	],
})

test('a new question gets the highest id plus 1, empty text and 4 empty options none correct', () => {
	expect(newQuestion([])).toEqual({ id: 1, questionText: '', options: blankOptions })
	const questions = [
		{ id: 3, questionText: 'a', options: [] },
		{ id: 7, questionText: 'b', options: [] },
		{ id: 2, questionText: 'c', options: [] },
	]
	expect(newQuestion(questions)).toEqual({ id: 8, questionText: '', options: blankOptions })
})

test('adding a question appends it and leaves the others as they were', () => {
	const draft = filledDraft()
	const added = addQuestion(draft)
	expect(added.questions).toHaveLength(2)
	expect(added.questions[0]).toBe(draft.questions[0])
	expect(added.questions[1]).toEqual({ id: 2, questionText: '', options: blankOptions })
	expect(draft.questions).toHaveLength(1)
})

test('the last question cannot be removed', () => {
	const draft = filledDraft()
	expect(canRemoveQuestion(draft)).toBe(false)
	expect(removeQuestion(draft, 1)).toBe(draft)
})

test('a question is removed by id while more than one remains; an unknown id changes nothing', () => {
	const draft = addQuestion(addQuestion(filledDraft()))
	expect(canRemoveQuestion(draft)).toBe(true)
	expect(removeQuestion(draft, 2).questions.map((question) => question.id)).toEqual([1, 3])
	expect(removeQuestion(draft, 99)).toBe(draft)
	// After removing, the next id is still the highest plus 1.
	expect(addQuestion(removeQuestion(draft, 2)).questions.map((question) => question.id)).toEqual([
		1, 3, 4,
	])
})

test('partial updates touch only the named question and fields', () => {
	const draft = addQuestion(filledDraft())
	const updated = updateQuestion(draft, 2, { questionText: 'Double of 3?' })
	expect(updated.questions[1]).toEqual({
		id: 2,
		questionText: 'Double of 3?',
		options: blankOptions,
	})
	expect(updated.questions[0]).toBe(draft.questions[0])
	expect(updateQuestion(draft, 42, { questionText: 'x' }).questions).toEqual(draft.questions)
})

test('an option is edited and marked correct by question id and index', () => {
	const draft = filledDraft()
	const marked = updateOption(updateOption(draft, 1, 2, { text: '6' }), 1, 2, { isCorrect: true })
	expect(marked.questions[0]?.options[2]).toEqual({ text: '6', isCorrect: true })
	expect(marked.questions[0]?.options[0]).toEqual({ text: '4', isCorrect: true })
	expect(updateOption(draft, 1, 9, { text: 'x' })).toBe(draft)
})

test('the template being edited merges partial updates', () => {
	const draft = filledDraft()
	const merged = mergeDraft(draft, { title: 'Renamed', isActive: false })
	expect(merged).toEqual({ ...draft, title: 'Renamed', isActive: false })
	expect(merged.questions).toBe(draft.questions)
})

test('intents read from the pressed button and apply the rules', () => {
	expect(readIntent('add-question')).toEqual({ type: 'add-question' })
	expect(readIntent('remove-question:3')).toEqual({ type: 'remove-question', questionId: 3 })
	expect(readIntent('remove-question:x')).toBeNull()
	expect(readIntent(null)).toBeNull()
	const draft = filledDraft()
	expect(applyIntent(draft, { type: 'add-question' }).questions).toHaveLength(2)
	expect(applyIntent(draft, { type: 'remove-question', questionId: 1 })).toBe(draft)
})

/** The editor's form for `filledDraft()`, with the button pressed. */
const filledForm = (intent: string) => {
	const form = new FormData()
	form.set('intent', intent)
	form.set('title', 'Fractions')
	form.set('description', '')
	form.set('timeLimit', '10')
	form.set('isActive', 'on')
	form.set('questions[0].id', '1')
	form.set('questions[0].questionText', 'Half of 8?')
	form.set('questions[0].options[0].text', '4')
	form.set('questions[0].options[0].isCorrect', 'on')
	for (const index of [1, 2, 3])
		form.set(`questions[0].options[${index}].text`, index === 1 ? '2' : '')
	return form
}

test('the form posts back into the same draft, with the button pressed', () => {
	const submission = parseEditorPost(filledForm('save'))
	expect(submission.status).toBe('success')
	expect(submission.status === 'success' && submission.value).toEqual({
		...filledDraft(),
		intent: { type: 'save' },
	})
})

test('a form with no questions, duplicate ids or an unknown button is not a draft', () => {
	const form = new FormData()
	form.set('intent', 'save')
	form.set('title', 'x')
	expect(parseEditorPost(form).status).toBe('error')
	form.set('questions[0].id', '1')
	form.set('questions[1].id', '1')
	expect(parseEditorPost(form).status).toBe('error')
	form.set('questions[1].id', '2')
	expect(parseEditorPost(form).status).toBe('success')
	form.set('intent', 'publish')
	expect(parseEditorPost(form).status).toBe('error')
})

test('the page reads the posted draft back from conform’s answer, the change applied', () => {
	// A change button without JavaScript: the draft comes back with the change made.
	const added = editorAnswer(parseEditorPost(filledForm('add-question')).reply())
	expect(added.draft).toEqual(addQuestion(filledDraft()))
	expect(added).toMatchObject({ errors: {}, formErrors: [] })
	// A refused save: the draft as typed (blank options in their places), with the messages.
	const form = filledForm('save')
	form.set('questions[0].options[1].text', '')
	form.set('questions[0].options[3].text', 'kept')
	const submission = parseEditorPost(form)
	const refused = editorAnswer(
		submission.reply({
			formErrors: ['Please fix the problems marked below.'],
			fieldErrors: { 'questions[0].options': ['Give at least 2 options with text'] },
		}),
	)
	expect(refused.draft).toEqual(
		updateOption(updateOption(filledDraft(), 1, 1, { text: '' }), 1, 3, { text: 'kept' }),
	)
	expect(refused.errors).toEqual({ 'questions[0].options': ['Give at least 2 options with text'] })
	expect(refused.formErrors).toEqual(['Please fix the problems marked below.'])
})

test('an answer to a post that held no draft is an empty draft with the form’s message', () => {
	const form = new FormData()
	form.set('intent', 'add-question')
	const answer = editorAnswer(
		parseEditorPost(form).reply({ formErrors: ['The form was incomplete. Please try again.'] }),
	)
	expect(answer).toEqual({
		draft: emptyDraft(),
		errors: {},
		formErrors: ['The form was incomplete. Please try again.'],
	})
})

test('validation drops blank options and names each problem by path', () => {
	const valid = validateDraft(filledDraft())
	expect(valid).toEqual({
		ok: true,
		value: {
			title: 'Fractions',
			timeLimit: 10,
			isActive: 1,
			questions: [
				{
					id: 1,
					questionText: 'Half of 8?',
					options: [
						{ text: '4', isCorrect: true },
						{ text: '2', isCorrect: false },
					],
				},
			],
		},
	})
	const invalid = validateDraft({ ...emptyDraft(), timeLimit: '0' })
	expect(invalid).toEqual({
		ok: false,
		errors: {
			title: ['Enter a title'],
			timeLimit: ['Time limit must be from 1 to 600 minutes'],
			'questions[0].questionText': ['Enter the question'],
			'questions[0].options': ['Give at least 2 options with text'],
		},
	})
	const noCorrect = updateOption(filledDraft(), 1, 0, { isCorrect: false })
	expect(validateDraft(noCorrect)).toMatchObject({
		errors: { 'questions[0].options': ['Mark at least one option as correct'] },
	})
	const blankCorrect = updateOption(filledDraft(), 1, 3, { isCorrect: true })
	expect(validateDraft(blankCorrect)).toMatchObject({
		errors: { 'questions[0].options[3].text': ['A correct option needs text'] },
	})
})
