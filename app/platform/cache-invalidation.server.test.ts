import { expect, test } from 'vitest'
import { invalidate, localInvalidationChannel, staleAfter } from './cache-invalidation.server'
import { ResponseCache, responseCache, userTag } from './upstream-cache.server'

test('a published change reaches every subscriber at once, each tag once', () => {
	const channel = localInvalidationChannel()
	const seen: (readonly string[])[] = []
	const other: (readonly string[])[] = []
	channel.subscribe((tags) => seen.push(tags))
	const unsubscribe = channel.subscribe((tags) => other.push(tags))
	channel.publish(['tasks', 'users', 'tasks'])
	expect(seen).toEqual([['tasks', 'users']])
	expect(other).toEqual([['tasks', 'users']])
	unsubscribe()
	channel.publish(['courses'])
	expect(seen).toEqual([['tasks', 'users'], ['courses']])
	expect(other).toHaveLength(1)
})

test('publishing nothing tells no one', () => {
	const channel = localInvalidationChannel()
	let calls = 0
	channel.subscribe(() => calls++)
	channel.publish([])
	expect(calls).toBe(0)
})

test('a resource tag drops that resource for every user; a user tag every entry of that user', () => {
	const cache = new ResponseCache()
	cache.set('student-tasks', 1, { userKey: 'student', resource: 'tasks' })
	cache.set('teacher-tasks', 2, { userKey: 'teacher', resource: 'tasks' })
	cache.set('student-courses', 3, { userKey: 'student', resource: 'courses' })
	cache.set('teacher-users', 4, { userKey: 'teacher', resource: 'users' })
	cache.set('visitor-courses', 5, { userKey: null, resource: 'courses' })
	cache.invalidate(['tasks'])
	expect(cache.get('student-tasks')).toBeUndefined()
	expect(cache.get('teacher-tasks')).toBeUndefined()
	expect(cache.get('student-courses')).toBe(3)
	cache.invalidate([userTag('student')])
	expect(cache.get('student-courses')).toBeUndefined()
	expect(cache.get('teacher-users')).toBe(4)
	expect(cache.get('visitor-courses')).toBe(5)
})

test('listeners on the cache (the page cache) hear every tag of an invalidation', () => {
	const cache = new ResponseCache()
	const heard: string[] = []
	cache.onInvalidate((tag) => heard.push(tag))
	cache.invalidate(['courses', 'tasks'])
	cache.invalidate([])
	expect(heard).toEqual(['courses', 'tasks'])
})

test('an enrollment makes stale every list of the student, the teacher and the organization', () => {
	// Student: Tasks, Sessions, announcements, report cards, courses, certificates.
	// Teacher: "Your students" (/users/tutor/students), course counts. Organization: stats, members.
	for (const resource of [
		'tasks',
		'schedule',
		'announcements',
		'report-cards',
		'courses',
		'certificates',
		'users',
		'organizations',
	]) {
		expect(staleAfter.enrollment).toContain(resource)
	}
	expect(staleAfter.membership).toEqual(
		expect.arrayContaining([...staleAfter.course, 'invitations']),
	)
	expect(staleAfter.schedule).toEqual(['schedule', 'schedules'])
})

test('invalidate empties the shared cache for every user through the channel', () => {
	responseCache.set('k-student', 'tasks', { userKey: 'student-x', resource: 'tasks' })
	responseCache.set('k-teacher', 'students', { userKey: 'teacher-x', resource: 'users' })
	responseCache.set('k-library', 'library', { userKey: 'student-x', resource: 'resources' })
	invalidate(staleAfter.enrollment)
	expect(responseCache.get('k-student')).toBeUndefined()
	expect(responseCache.get('k-teacher')).toBeUndefined()
	expect(responseCache.get('k-library')).toBe('library')
	responseCache.invalidate(['resources'])
})

test('an answer in flight when its tag is invalidated is neither stored nor joined', async () => {
	const cache = new ResponseCache()
	let finish: (value: string) => void = () => {}
	const tag = { userKey: 'teacher', resource: 'users' }
	const before = cache.dedupe(
		'students',
		() => new Promise<string>((resolve) => (finish = resolve)),
		{ store: tag },
	)
	cache.invalidate(staleAfter.enrollment)
	const after = cache.dedupe('students', async () => 'with the new student', { store: tag })
	finish('No students yet.')
	await before
	expect(await after).toBe('with the new student')
	expect(cache.get('students')).toBe('with the new student')
})
