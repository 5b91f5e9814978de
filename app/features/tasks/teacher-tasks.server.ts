import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { timeZoneCookie, viewerTimeZone } from '~/features/schedules/time-zone.server'
import { isTimeZone } from '~/features/schedules/time-zones'
import { parseForm, readFormWithFile, replyWithUpstreamError } from '~/platform/form.server'
import { courseMenuQuery } from '~/platform/course-menu'
import { pageParam } from '~/platform/page-param'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import {
	createTask,
	deleteTask,
	getSubmissions,
	getTaskCourses,
	getTasks,
	updateTask,
} from './api.server'
import { fromLocalInput } from './dates'
import { fileTooLarge, MAX_FILE_BYTES, TASK_TYPES, teacherTaskActionSchema } from './schema'
import { TEACHER_TASKS_PATH } from './teacher-paths'

type Context = Readonly<RouterContextProvider>

const PAGE_SIZE = 10

const unlistedTimeZone = () =>
	({
		type: 'error',
		title: t`Choose a time zone from the list`,
		duration: 4000,
	}) as const

/** The teacher's task list page: a page of tasks (filtered by type), the courses to set one in,
 * and the task an `?edit=` or `?delete=` address opens. */
export async function loadTeacherTasks(context: Context, request: Request) {
	const api = upstream(context, request)
	const url = new URL(request.url)
	const taskType = TASK_TYPES.some((type) => type.value === url.searchParams.get('taskType'))
		? (url.searchParams.get('taskType') ?? undefined)
		: undefined
	const editId = url.searchParams.get('edit')
	const deleteId = url.searchParams.get('delete')
	const focusId = editId ?? deleteId
	const [tasks, courses, focus] = await Promise.all([
		settle(getTasks(api, { page: pageParam(url.searchParams), limit: PAGE_SIZE, taskType })),
		settle(getTaskCourses(api, courseMenuQuery(url))),
		focusId
			? settle(getSubmissions(api, focusId, { limit: 1 }).then((list) => list.taskInfo))
			: null,
	])
	return {
		tasks,
		courses,
		focus: focus && { mode: editId ? ('edit' as const) : ('delete' as const), task: focus },
		timeZone: viewerTimeZone(request).zone,
	}
}

/** The task list's forms: the time zone, and create, update or delete a task (one schema over `intent`). */
export async function teacherTaskAction(context: Context, request: Request) {
	// The edit form posts to the list's `?edit=` address, the create form to the list itself: the
	// answer to an oversized file names the field of the form it came from.
	const intent = new URL(request.url).searchParams.has('edit') ? 'update' : 'create'
	const { formData, tooLarge } = await readFormWithFile(request, {
		maxFileBytes: MAX_FILE_BYTES,
		field: 'attachment',
		message: fileTooLarge(),
		initialValue: { intent },
	})
	if (tooLarge) return data(tooLarge, { status: 413 })
	// Dates are read in the zone the form said it uses (its hidden field), else the viewer's.
	const formZone = String(formData.get('timeZone') ?? '')
	const timeZone = isTimeZone(formZone) ? formZone : viewerTimeZone(request).zone
	const submission = parseForm(formData, {
		schema: teacherTaskActionSchema.transform((value, ctx) => {
			if (value.intent === 'timezone' || value.intent === 'delete') return value
			const dueDate = fromLocalInput(value.dueDate, timeZone)
			const endDate = value.endDate ? fromLocalInput(value.endDate, timeZone) : null
			if (!dueDate)
				ctx.addIssue({ code: 'custom', path: ['dueDate'], message: t`Enter a date and time` })
			if (value.endDate && !endDate)
				ctx.addIssue({ code: 'custom', path: ['endDate'], message: t`Enter a date and time` })
			return { ...value, dueDate: dueDate ?? new Date(Number.NaN), endDate }
		}),
	})
	if (submission.status !== 'success') {
		// Only a tampered post gets a bad time zone (the picker is a fixed list): refuse it, and say so.
		if (submission.payload.intent === 'timezone') sendToast(context, unlistedTimeZone())
		return data(submission.reply(), { status: 400 })
	}
	const task = submission.value
	// The picker only stores a cookie: nothing goes upstream.
	if (task.intent === 'timezone') {
		return redirect(TEACHER_TASKS_PATH, {
			headers: { 'Set-Cookie': timeZoneCookie(task.timeZone) },
		})
	}
	const api = upstream(context, request)
	try {
		switch (task.intent) {
			case 'create':
				await createTask(api, {
					courseId: task.courseId,
					title: task.title,
					description: task.description,
					taskType: task.taskType,
					dueDate: task.dueDate,
					endDate: task.endDate,
					attachment: task.attachment,
				})
				sendToast(context, successToast(t`Task created successfully`))
				break
			case 'update':
				await updateTask(
					api,
					task.taskId,
					{
						title: task.title,
						description: task.description ?? null,
						taskType: task.taskType,
						dueDate: task.dueDate.toISOString(),
						endDate: task.endDate ? task.endDate.toISOString() : null,
						...(task.removeAttachment && { removeAttachment: true }),
					},
					task.attachment,
				)
				sendToast(context, successToast(t`Task updated successfully`))
				break
			case 'delete':
				await deleteTask(api, task.taskId)
				sendToast(context, successToast(t`Task deleted successfully`))
				break
		}
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	return redirect(TEACHER_TASKS_PATH)
}
