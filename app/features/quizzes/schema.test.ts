import { expect, test } from 'vitest'
import { islandRequestSchema, progressFromForm, takeQuizActionSchema } from './schema'

test('the test form reads as answers per question id and the flagged question ids', () => {
	const form = new FormData()
	form.set('intent', 'submit')
	form.set('answer-1', '2')
	form.set('answer-3', '4')
	form.append('flag', '3')
	form.append('flag', '3')
	form.append('flag', '1')
	expect(progressFromForm(form)).toEqual({ answers: { 1: 2, 3: 4 }, flagged: [3, 1] })
})

test('malformed answers and flags are left out rather than sent', () => {
	const form = new FormData()
	form.set('answer-1', 'abc')
	form.set('answer-x', '2')
	form.set('answer-2', '0')
	form.append('flag', 'nope')
	expect(progressFromForm(form)).toEqual({ answers: {}, flagged: [] })
})

test('the island sends save or submit with the whole progress', () => {
	const request = { intent: 'save', sessionId: 's1', progress: { answers: { 1: 2 }, flagged: [1] } }
	expect(islandRequestSchema.safeParse(request).success).toBe(true)
	expect(islandRequestSchema.safeParse({ ...request, intent: 'delete' }).success).toBe(false)
	expect(
		islandRequestSchema.safeParse({ ...request, progress: { answers: { x: 1 }, flagged: [] } })
			.success,
	).toBe(false)
})

test('the test page takes Start and Submit only', () => {
	expect(takeQuizActionSchema.parse({ intent: 'start' })).toEqual({ intent: 'start' })
	expect(takeQuizActionSchema.parse({ intent: 'submit', 'answer-1': '3' })).toEqual({
		intent: 'submit',
	})
	expect(takeQuizActionSchema.safeParse({ intent: 'save' }).success).toBe(false)
	expect(takeQuizActionSchema.safeParse({}).success).toBe(false)
})
