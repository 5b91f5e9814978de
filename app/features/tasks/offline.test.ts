import { expect, test } from 'vitest'
import type { OfflineItem } from '~/platform/offline-queue'
import { applyQueuedTaskChanges } from './offline'
import type { Task } from './schema'

const task = (id: string, title: string): Task => ({
	id,
	title,
	description: 'Old description',
	taskType: 'homework',
	courseId: 'c1',
	courseTitle: 'Algebra',
	createdBy: 't1',
	teacherName: 'Taylor Morgan',
	dueDate: '2026-11-23T17:00:00.000Z',
	endDate: null,
	isDeleted: false,
	attachment: null,
	submissionCount: 0,
	enrolledCount: 3,
	submissionStatus: null,
})

const item = (type: string, payload: Record<string, string>): OfflineItem => ({
	type,
	payload,
	timestamp: 1,
	action: '/teachersdashboard/tasks',
})

test('queued updates show as applied and queued deletes as deleted, other tasks untouched', () => {
	const tasks = [task('a', 'First'), task('b', 'Second'), task('c', 'Third')]
	const shown = applyQueuedTaskChanges(
		tasks,
		[
			item('UPDATE', {
				intent: 'update',
				taskId: 'a',
				title: ' Renamed ',
				description: '',
				taskType: 'quiz',
				dueDate: '2026-12-01T09:30',
				endDate: '',
			}),
			item('DELETE', { intent: 'delete', taskId: 'b' }),
		],
		'UTC',
	)
	expect(shown[0]).toMatchObject({
		title: 'Renamed',
		description: null,
		taskType: 'quiz',
		dueDate: '2026-12-01T09:30:00.000Z',
		endDate: null,
		offline: 'UPDATE',
	})
	expect(shown[1]).toMatchObject({ title: 'Second', offline: 'DELETE' })
	expect(shown[2]).toEqual(tasks[2])
})

test('a delete queued after an update stays a delete; a later update keeps it deleted', () => {
	const [shown] = applyQueuedTaskChanges(
		[task('a', 'First')],
		[
			item('UPDATE', { taskId: 'a', title: 'New' }),
			item('DELETE', { taskId: 'a' }),
			item('UPDATE', { taskId: 'a', title: 'Newer' }),
		],
		'UTC',
	)
	expect(shown).toMatchObject({ title: 'Newer', offline: 'DELETE' })
})
