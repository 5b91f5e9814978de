import { expect, test } from 'vitest'
import type { OfflineItem } from '~/platform/offline-queue'
import { applyQueuedCourseChanges } from './offline'

const course = (id: string, title: string, isPublished = false) => ({ id, title, isPublished })
const item = (
	type: string,
	payload: Record<string, string>,
	action = '/teachersdashboard/courses',
): OfflineItem => ({
	type,
	payload,
	timestamp: 1,
	action,
})

test('a queued publish shows the course published and marked; other courses are untouched', () => {
	const shown = applyQueuedCourseChanges(
		[course('a', 'Algebra'), course('b', 'Biology')],
		[item('UPDATE', { intent: 'publish', courseId: 'a', isPublished: 'true' })],
	)
	expect(shown).toEqual([
		{ id: 'a', title: 'Algebra', isPublished: true, offline: 'UPDATE' },
		{ id: 'b', title: 'Biology', isPublished: false },
	])
})

test('changes apply in order: publish then unpublish ends unpublished; a delete stays a delete', () => {
	const [first, second] = applyQueuedCourseChanges(
		[course('a', 'Algebra'), course('b', 'Biology', true)],
		[
			item('UPDATE', { intent: 'publish', courseId: 'a', isPublished: 'true' }),
			item('UPDATE', { intent: 'publish', courseId: 'a', isPublished: 'false' }),
			item('DELETE', { intent: 'delete', courseId: 'b' }),
			item('UPDATE', { intent: 'publish', courseId: 'b', isPublished: 'false' }),
		],
	)
	expect(first).toMatchObject({ isPublished: false, offline: 'UPDATE' })
	expect(second).toMatchObject({ offline: 'DELETE' })
})

test('an edit queued from the course form is found by its address and shows its new title', () => {
	const [shown] = applyQueuedCourseChanges(
		[course('c 1', 'Chemistry')],
		[item('UPDATE', { title: ' Chemistry II ' }, '/teachersdashboard/courses/edit/c%201')],
	)
	expect(shown).toMatchObject({ title: 'Chemistry II', isPublished: false, offline: 'UPDATE' })
})
