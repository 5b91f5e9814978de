import { expect, test } from 'vitest'
import {
	clearStoredQuiz,
	readStoredQuiz,
	restoreProgress,
	TEST_SESSION_KEY,
	toggleFlag,
	unsavedAnswers,
	writeStoredQuiz,
	type StoredQuiz,
} from './local-progress'

function memoryStorage() {
	const items = new Map<string, string>()
	return {
		items,
		getItem: (key: string) => items.get(key) ?? null,
		setItem: (key: string, value: string) => void items.set(key, value),
		removeItem: (key: string) => void items.delete(key),
	}
}

const stored: StoredQuiz = {
	sessionId: 's1',
	templateId: 't1',
	answers: { 1: 2 },
	flagged: [3],
	pendingSubmit: false,
	updatedAt: 1,
}

test('test data is saved under test_session_data and read back for the same session only', () => {
	const storage = memoryStorage()
	expect(writeStoredQuiz(storage, stored)).toBe(true)
	expect(JSON.parse(storage.items.get(TEST_SESSION_KEY) ?? '')).toEqual(stored)
	expect(readStoredQuiz(storage, 's1')).toEqual(stored)
	expect(readStoredQuiz(storage, 'another')).toBeNull()
	clearStoredQuiz(storage)
	expect(readStoredQuiz(storage, 's1')).toBeNull()
})

test('corrupt or foreign data is ignored; a refusing browser is reported', () => {
	const storage = memoryStorage()
	storage.items.set(TEST_SESSION_KEY, '{not json')
	expect(readStoredQuiz(storage, 's1')).toBeNull()
	storage.items.set(TEST_SESSION_KEY, JSON.stringify({ sessionId: 's1' }))
	expect(readStoredQuiz(storage, 's1')).toBeNull()
	const full = {
		...storage,
		setItem: () => {
			throw new Error('QuotaExceededError')
		},
	}
	expect(writeStoredQuiz(full, stored)).toBe(false)
})

test('this device’s copy wins over the server’s saved answers after a reload', () => {
	const server = { answers: { 1: 1, 2: 4 }, flagged: [] }
	expect(restoreProgress(server, null, null)).toEqual(server)
	expect(restoreProgress(server, '1970-01-01T00:00:00.000Z', stored)).toEqual({
		answers: { 1: 2 },
		flagged: [3],
	})
	expect(restoreProgress(server, null, stored)).toEqual({ answers: { 1: 2 }, flagged: [3] })
})

test('answers saved on the server after this device’s copy (another device) win', () => {
	const server = { answers: { 1: 1 }, flagged: [2] }
	expect(
		restoreProgress(server, '2026-11-21T12:00:00.000Z', {
			...stored,
			updatedAt: Date.parse('2026-11-21T11:59:00.000Z'),
		}),
	).toEqual(server)
})

test('unsaved answers count every question whose answer differs from the server’s', () => {
	expect(unsavedAnswers({ 1: 2, 2: 3 }, { 1: 2, 2: 3 })).toBe(0)
	expect(unsavedAnswers({ 1: 2, 2: 3, 3: 1 }, { 1: 1, 2: 3 })).toBe(2)
	expect(unsavedAnswers({}, { 1: 1 })).toBe(1)
})

test('flagging toggles a question', () => {
	expect(toggleFlag([], 2)).toEqual([2])
	expect(toggleFlag([2, 5], 2)).toEqual([5])
})
