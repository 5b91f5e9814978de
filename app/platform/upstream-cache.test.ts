import { expect, test } from 'vitest'
import { cacheKey, ResponseCache, sortedQuery } from './upstream-cache.server'

const courses = { userKey: 'u1', resource: 'courses' }

function clock(start = 0) {
	let now = start
	return { now: () => now, advance: (ms: number) => (now += ms) }
}

test('an entry is served until its TTL passes', () => {
	const time = clock()
	const cache = new ResponseCache({ ttlMs: 300_000, now: time.now })
	cache.set('k', { courses: [] }, courses)
	time.advance(299_999)
	expect(cache.get('k')).toEqual({ courses: [] })
	time.advance(1)
	expect(cache.get('k')).toBeUndefined()
	expect(cache.size).toBe(0)
})

test('the least recently used entry goes first when the bound is reached', () => {
	const cache = new ResponseCache({ maxEntries: 2 })
	cache.set('a', 1, courses)
	cache.set('b', 2, courses)
	cache.get('a')
	cache.set('c', 3, courses)
	expect(cache.size).toBe(2)
	expect(cache.get('b')).toBeUndefined()
	expect(cache.get('a')).toBe(1)
	expect(cache.get('c')).toBe(3)
})

test('concurrent callers share one promise and one call', async () => {
	const cache = new ResponseCache()
	let calls = 0
	let finish: (value: string) => void = () => {}
	const run = () => {
		calls++
		return new Promise<string>((resolve) => (finish = resolve))
	}
	const first = cache.dedupe('k', run, { store: courses })
	const second = cache.dedupe('k', run, { store: courses })
	expect(second).toBe(first)
	finish('answer')
	expect(await first).toBe('answer')
	expect(calls).toBe(1)
	expect(cache.get('k')).toBe('answer')
})

test('a rejected call is neither stored nor joined afterwards', async () => {
	const cache = new ResponseCache()
	await expect(
		cache.dedupe('k', () => Promise.reject(new Error('down')), { store: courses }),
	).rejects.toThrow('down')
	expect(cache.get('k')).toBeUndefined()
	expect(await cache.dedupe('k', async () => 'up', { store: courses })).toBe('up')
})

test('a run that throws at once does not leave a stuck call behind', async () => {
	const cache = new ResponseCache()
	const broken = (): Promise<string> => {
		throw new Error('sync')
	}
	await expect(cache.dedupe('k', broken)).rejects.toThrow('sync')
	expect(await cache.dedupe('k', async () => 'ok')).toBe('ok')
})

test('invalidating a resource drops it for every user and leaves other resources', () => {
	const cache = new ResponseCache()
	cache.set('u1-courses', 1, { userKey: 'u1', resource: 'courses' })
	cache.set('u2-courses', 2, { userKey: 'u2', resource: 'courses' })
	cache.set('anon-courses', 3, { userKey: null, resource: 'courses' })
	cache.set('u1-tasks', 4, { userKey: 'u1', resource: 'tasks' })
	cache.invalidateResource('courses')
	expect(cache.get('u1-courses')).toBeUndefined()
	expect(cache.get('u2-courses')).toBeUndefined()
	expect(cache.get('anon-courses')).toBeUndefined()
	expect(cache.get('u1-tasks')).toBe(4)
})

test('an answer still in flight when its resource is invalidated is not stored and not joined', async () => {
	const cache = new ResponseCache()
	let finish: (value: string) => void = () => {}
	const stale = cache.dedupe('k', () => new Promise<string>((resolve) => (finish = resolve)), {
		store: courses,
	})
	cache.invalidateResource('courses')
	const after = cache.dedupe('k', async () => 'after the mutation', { store: courses })
	expect(after).not.toBe(stale)
	finish('before the mutation')
	await stale
	expect(await after).toBe('after the mutation')
	expect(cache.get('k')).toBe('after the mutation')
})

test('replace starts a fresh call that later callers join', async () => {
	const cache = new ResponseCache()
	let finishOld: (value: string) => void = () => {}
	const old = cache.dedupe('k', () => new Promise<string>((resolve) => (finishOld = resolve)), {
		store: courses,
	})
	const fresh = cache.dedupe('k', async () => 'fresh', { store: courses, replace: true })
	expect(cache.dedupe('k', async () => 'third')).toBe(fresh)
	await fresh
	finishOld('old')
	await old
	expect(cache.get('k')).toBe('fresh')
})

test('dropUser removes only that user', () => {
	const cache = new ResponseCache()
	cache.set('a', 1, { userKey: 'u1', resource: 'courses' })
	cache.set('b', 2, { userKey: 'u1', resource: 'tasks' })
	cache.set('c', 3, { userKey: 'u2', resource: 'courses' })
	cache.dropUser('u1')
	expect(cache.get('a')).toBeUndefined()
	expect(cache.get('b')).toBeUndefined()
	expect(cache.get('c')).toBe(3)
})

test('keys hold the user, method, path and sorted query without empty values', () => {
	const search = sortedQuery({
		page: 1,
		limit: 10,
		isPublished: true,
		teacherId: undefined,
		category: null,
	})
	expect(search).toBe('isPublished=true&limit=10&page=1')
	expect(sortedQuery({ limit: 10, page: 1, isPublished: true })).toBe(search)
	expect(cacheKey('u1', 'GET', '/courses/list', search)).toBe(
		'u1|GET|/courses/list?isPublished=true&limit=10&page=1',
	)
	expect(cacheKey(null, 'GET', '/courses/public/list', '')).toBe('|GET|/courses/public/list?')
})

test('dropAll empties the entries of every user and tells the caches built on them', () => {
	const cache = new ResponseCache()
	const told: string[] = []
	cache.onInvalidate((tag) => told.push(tag))
	cache.set('a', 1, { userKey: 'student', resource: 'tasks' })
	cache.set('b', 2, { userKey: null, resource: 'courses' })
	cache.dropAll()
	expect(cache.size).toBe(0)
	expect(told).toEqual(['*'])
})

test('an invalidation drops exactly the entries and calls under way its tags name, through re-tagging and eviction', async () => {
	const cache = new ResponseCache({ maxEntries: 6 })
	const tag = (userKey: string | null, resource: string) => ({ userKey, resource })
	cache.set('u1-courses', 1, tag('u1', 'courses'))
	cache.set('u2-courses', 2, tag('u2', 'courses'))
	cache.set('u1-tasks', 3, tag('u1', 'tasks'))
	cache.set('visitor-courses', 4, tag(null, 'courses'))
	cache.set('moved', 5, tag('u2', 'tasks'))
	// The same key stored again under other tags answers to the new ones only.
	cache.set('moved', 6, tag('u3', 'resources'))
	cache.set('u2-schedules', 7, tag('u2', 'schedules'))
	// Over the bound: the oldest (u1-courses) goes; stored again under another resource, it
	// pushes out the next oldest (u2-courses), and answers to its new tags only.
	cache.set('u2-grades', 8, tag('u2', 'grades'))
	expect(cache.get('u1-courses')).toBeUndefined()
	cache.set('u1-courses', 9, tag('u1', 'announcements'))
	expect(cache.size).toBe(6)
	let finishTasks: (value: string) => void = () => {}
	const tasksUnderWay = cache.dedupe(
		'u2-tasks',
		() => new Promise<string>((resolve) => (finishTasks = resolve)),
		{ store: tag('u2', 'tasks') },
	)
	let finishCourses: (value: string) => void = () => {}
	const coursesUnderWay = cache.dedupe(
		'u3-courses',
		() => new Promise<string>((resolve) => (finishCourses = resolve)),
		{ store: tag('u3', 'courses') },
	)
	const everyKey = ['u1-courses', 'u2-courses', 'u1-tasks', 'visitor-courses', 'moved']
	const kept = () =>
		[...everyKey, 'u2-schedules', 'u2-grades', 'u2-tasks', 'u3-courses']
			.filter((key) => cache.get(key) !== undefined)
			.sort()
	expect(kept()).toEqual([
		'moved',
		'u1-courses',
		'u1-tasks',
		'u2-grades',
		'u2-schedules',
		'visitor-courses',
	])

	cache.invalidate(['tasks'])
	expect(kept()).toEqual(['moved', 'u1-courses', 'u2-grades', 'u2-schedules', 'visitor-courses'])
	// The call under way for a stale tag is neither joined nor stored; the other one is.
	expect(cache.dedupe('u2-tasks', async () => 'again')).not.toBe(tasksUnderWay)
	finishTasks('stale')
	finishCourses('fresh')
	await Promise.all([tasksUnderWay, coursesUnderWay])
	expect(cache.get('u2-tasks')).toBeUndefined()
	expect(cache.get('u3-courses')).toBe('fresh')

	cache.invalidate(['courses'])
	expect(kept()).toEqual(['moved', 'u1-courses', 'u2-grades', 'u2-schedules'])

	cache.invalidate(['user:u2', 'user:nobody', 'nothing'])
	expect(kept()).toEqual(['moved', 'u1-courses'])

	cache.dropUser('u3')
	expect(kept()).toEqual(['u1-courses'])
	cache.invalidate(['announcements'])
	expect(cache.size).toBe(0)
})
