// Courses changed offline (spec sections 3 and 4): publish, unpublish and delete on the teacher's
// list, and the edit form, wait in the course queue (COURSE_OFFLINE_KEY) and show as applied at
// once, marked, until they reach the server.
import type { OfflineItem } from '~/platform/offline-queue'
import type { Course } from './schema'

type CourseRow = Pick<Course, 'id' | 'title' | 'isPublished'>
/** A course as listed, with what is still waiting to reach the server. */
export type Shown<T extends CourseRow> = T & { offline?: 'UPDATE' | 'DELETE' }

const EDIT_PATH = /^\/teachersdashboard\/courses\/edit\/([^/?]+)/

/** The course a queued item changes: the list's forms name it, the edit form's address holds it. */
function courseIdOf(item: OfflineItem): string | undefined {
	if (item.payload.courseId) return item.payload.courseId
	const match = EDIT_PATH.exec(item.action)
	return match?.[1] ? decodeURIComponent(match[1]) : undefined
}

/** The list as it will be once the queued changes reach the server. */
export function applyQueuedCourseChanges<T extends CourseRow>(
	courses: T[],
	queued: OfflineItem[],
): Shown<T>[] {
	return courses.map((course) => {
		let shown: Shown<T> = course
		for (const item of queued) {
			if (courseIdOf(item) !== course.id) continue
			if (item.type === 'DELETE') {
				shown = { ...shown, offline: 'DELETE' }
			} else if (item.type === 'UPDATE') {
				const { intent, isPublished, title } = item.payload
				shown = {
					...shown,
					title: title?.trim() || shown.title,
					isPublished: intent === 'publish' ? isPublished === 'true' : shown.isPublished,
					offline: shown.offline === 'DELETE' ? 'DELETE' : 'UPDATE',
				}
			}
		}
		return shown
	})
}
