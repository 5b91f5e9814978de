import { expect, test } from 'vitest'
import { enqueue, readQueue, replayQueue, type OfflineItem } from './offline-queue'

function memoryStorage() {
	const values = new Map<string, string>()
	return {
		getItem: (key: string) => values.get(key) ?? null,
		setItem: (key: string, value: string) => void values.set(key, value),
		removeItem: (key: string) => void values.delete(key),
	}
}

const item = (title: string, type = 'UPDATE'): OfflineItem => ({
	type,
	payload: { title },
	timestamp: Date.now(),
	action: '/teachersdashboard/courses/edit/1',
})

test('items are kept in order under their key and survive bad stored data', () => {
	const storage = memoryStorage()
	enqueue(storage, 'course_offline_data', item('a'))
	enqueue(storage, 'course_offline_data', item('b', 'DELETE'))
	expect(readQueue(storage, 'course_offline_data').map((entry) => entry.payload.title)).toEqual([
		'a',
		'b',
	])
	expect(readQueue(storage, 'organization_offline_data')).toEqual([])
	storage.setItem('broken', '{not json')
	expect(readQueue(storage, 'broken')).toEqual([])
})

test('replay sends in order, logs and skips a refused item, and empties the queue', async () => {
	const storage = memoryStorage()
	for (const title of ['a', 'b', 'c']) enqueue(storage, 'q', item(title))
	const sent: string[] = []
	const logged: string[] = []
	const result = await replayQueue(
		storage,
		'q',
		async (entry) => {
			sent.push(entry.payload.title ?? '')
			return entry.payload.title !== 'b'
		},
		(_message, entry) => logged.push(entry.payload.title ?? ''),
	)
	expect(sent).toEqual(['a', 'b', 'c'])
	expect(logged).toEqual(['b'])
	expect(result).toEqual({ applied: 2, skipped: 1, remaining: 0 })
	expect(storage.getItem('q')).toBeNull()
})

test('an unreachable server stops the replay and keeps the rest for later', async () => {
	const storage = memoryStorage()
	for (const title of ['a', 'b', 'c']) enqueue(storage, 'q', item(title))
	const result = await replayQueue(storage, 'q', async (entry) => {
		if (entry.payload.title === 'b') throw new TypeError('Failed to fetch')
		return true
	})
	expect(result).toEqual({ applied: 1, skipped: 0, remaining: 2 })
	expect(readQueue(storage, 'q').map((entry) => entry.payload.title)).toEqual(['b', 'c'])
})
