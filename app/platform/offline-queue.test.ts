import { describe, expect, test, vi } from 'vitest'
import {
	enqueue,
	newItemId,
	readQueue,
	replayQueue,
	REPLAY_HEADER,
	ReplayLaterError,
	sendToAction,
	type OfflineItem,
} from './offline-queue'

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

const withId = (title: string): OfflineItem => ({ ...item(title), id: newItemId() })

test('100 queued changes are each sent once, in order, and a change queued during the replay too', async () => {
	const storage = memoryStorage()
	const titles = Array.from({ length: 100 }, (_, index) => `change ${index + 1}`)
	for (const title of titles) enqueue(storage, 'q', withId(title))
	const sent: string[] = []
	const result = await replayQueue(storage, 'q', async (entry) => {
		sent.push(entry.payload.title ?? '')
		if (entry.payload.title === 'change 50') enqueue(storage, 'q', withId('late'))
		await Promise.resolve()
		return true
	})
	expect(sent).toEqual([...titles, 'late'])
	expect(result).toEqual({ applied: 101, skipped: 0, remaining: 0 })
	expect(storage.getItem('q')).toBeNull()
})

test('the change just sent is the one taken out, even when another tab changed the queue meanwhile', async () => {
	const storage = memoryStorage()
	for (const title of ['a', 'b', 'c']) enqueue(storage, 'q', withId(title))
	const sent: string[] = []
	await replayQueue(storage, 'q', async (entry) => {
		sent.push(entry.payload.title ?? '')
		// Another tab sent 'a' as well and already took it out.
		if (entry.payload.title === 'a')
			storage.setItem('q', JSON.stringify(readQueue(storage, 'q').slice(1)))
		return true
	})
	// 'b' was not lost by taking out "the first" item after 'a' was sent.
	expect(sent).toEqual(['a', 'b', 'c'])
	expect(storage.getItem('q')).toBeNull()
})

test('items without an id (queued before ids existed) are taken out by their content', async () => {
	const storage = memoryStorage()
	const stored = [item('a'), item('b')]
	storage.setItem('q', JSON.stringify(stored))
	const sent: string[] = []
	await replayQueue(storage, 'q', async (entry) => {
		sent.push(entry.payload.title ?? '')
		return true
	})
	expect(sent).toEqual(['a', 'b'])
	expect(storage.getItem('q')).toBeNull()
})

test('every queued change gets its own id', () => {
	const ids = new Set(Array.from({ length: 1000 }, () => newItemId()))
	expect(ids.size).toBe(1000)
	for (const id of ids)
		expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
})

describe('sendToAction', () => {
	const answer = (status: number, type: ResponseType = 'basic') =>
		({ status, ok: status >= 200 && status < 300, type }) as Response

	test('posts the form with its id and reads a redirect or a 2xx as applied', async () => {
		const fetcher = vi.fn(async () => answer(0, 'opaqueredirect'))
		const change = withId('a')
		expect(await sendToAction(change, fetcher)).toBe(true)
		const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit]
		expect(url).toBe(change.action)
		expect(init.method).toBe('POST')
		expect(String(init.body)).toBe('title=a')
		expect(init.headers).toEqual({ [REPLAY_HEADER]: change.id })
		expect(await sendToAction(change, async () => answer(204))).toBe(true)
	})

	test('a refusal is skipped; an ended session or a server failure keeps the change queued', async () => {
		for (const status of [400, 403, 404, 409, 413]) {
			expect(await sendToAction(withId('a'), async () => answer(status)), String(status)).toBe(
				false,
			)
		}
		for (const status of [401, 408, 429, 500, 502, 503]) {
			await expect(
				sendToAction(withId('a'), async () => answer(status)),
				String(status),
			).rejects.toBeInstanceOf(ReplayLaterError)
		}
	})

	test('a server failure mid-replay keeps that change and the rest, in order', async () => {
		const storage = memoryStorage()
		for (const title of ['a', 'b', 'c']) enqueue(storage, 'q', withId(title))
		const result = await replayQueue(storage, 'q', (entry) =>
			sendToAction(entry, async () =>
				answer(
					entry.payload.title === 'b' ? 503 : 0,
					entry.payload.title === 'b' ? 'basic' : 'opaqueredirect',
				),
			),
		)
		expect(result).toEqual({ applied: 1, skipped: 0, remaining: 2 })
		expect(readQueue(storage, 'q').map((entry) => entry.payload.title)).toEqual(['b', 'c'])
	})
})
