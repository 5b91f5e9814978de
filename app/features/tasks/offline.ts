// Offline tasks (spec sections 3 and 4): updates and deletes made offline wait in their own
// local-storage queue (the platform's offline-queue island), show as applied straight away, and are
// replayed to the same action once the browser is back online.
import type { OfflineItem } from '~/platform/offline-queue'
import { fromLocalInput } from './dates'
import type { Task } from './schema'

export const TASKS_OFFLINE_KEY = 'tasks_offline_data'

export type ShownTask = Task & { offline?: 'UPDATE' | 'DELETE' }

/** The list as it will be once the queued changes reach the server. */
export function applyQueuedTaskChanges(
	tasks: Task[],
	queued: OfflineItem[],
	timeZone: string,
): ShownTask[] {
	return tasks.map((task) => {
		let shown: ShownTask = task
		for (const item of queued) {
			if (item.payload.taskId !== task.id) continue
			if (item.type === 'DELETE') {
				shown = { ...shown, offline: 'DELETE' }
			} else if (item.type === 'UPDATE') {
				const { title, description, taskType, dueDate, endDate } = item.payload
				// The zone the form said it used, as the action will read it on replay.
				const zone = item.payload.timeZone || timeZone
				const due = dueDate ? fromLocalInput(dueDate, zone) : null
				const end = endDate ? fromLocalInput(endDate, zone) : null
				shown = {
					...shown,
					title: title?.trim() || shown.title,
					description: description === undefined ? shown.description : description.trim() || null,
					taskType: taskType || shown.taskType,
					dueDate: due ? due.toISOString() : shown.dueDate,
					endDate: endDate === undefined ? shown.endDate : end ? end.toISOString() : null,
					offline: shown.offline === 'DELETE' ? 'DELETE' : 'UPDATE',
				}
			}
		}
		return shown
	})
}
