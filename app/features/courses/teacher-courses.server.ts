import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { deleteCourse, listCourses, updateCourse } from './api.server'
import { readCatalogueQuery } from './schema'

type Context = Readonly<RouterContextProvider>

/** The two small forms on each row of the teacher's course list, told apart by `intent`. */
const courseRowActionSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('publish'),
		courseId: z.string().min(1),
		isPublished: z.enum(['true', 'false']),
	}),
	z.object({ intent: z.literal('delete'), courseId: z.string().min(1) }),
])

/** A page of the teacher's own courses. */
export async function loadTeacherCourses(context: Context, request: Request, teacherId: string) {
	const { page } = readCatalogueQuery(new URL(request.url))
	const courses = await settle(listCourses(upstream(context, request), { teacherId, page }))
	return { page, courses }
}

/** Publish or unpublish a course, or delete it; back to the same page of the list. */
export async function teacherCourseAction(context: Context, request: Request) {
	const submission = parseForm(await readForm(request), { schema: courseRowActionSchema })
	if (submission.status !== 'success')
		return data(submission.reply({ formErrors: [t`Choose a course and an action.`] }), {
			status: 400,
		})
	const api = upstream(context, request)
	const form = submission.value
	try {
		switch (form.intent) {
			case 'publish':
				await updateCourse(api, form.courseId, { isPublished: form.isPublished === 'true' })
				sendToast(context, successToast(t`Course updated successfully`))
				break
			case 'delete':
				await deleteCourse(api, form.courseId)
				sendToast(context, successToast(t`Course deleted successfully`))
				break
		}
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	// Post/redirect/get: a reload does not repeat the change. The page number stays.
	const page = new URL(request.url).searchParams.get('page')
	return redirect(`/teachersdashboard/courses${page ? `?page=${encodeURIComponent(page)}` : ''}`)
}
