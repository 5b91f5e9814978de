import { t } from '@lingui/core/macro'
import { data, redirect } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import { areaUser } from '~/platform/area-guard.server'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { getCourse, updateCourse } from './api.server'
import { courseBodyFromForm, courseFormSchema } from './schema'

type Context = Readonly<RouterContextProvider>

/** The teacher's own course, or the 403 page: the API would refuse the update anyway. */
async function ownCourse(context: Context, request: Request, courseId: string) {
	const user = areaUser(context)
	const api = upstream(context, request)
	const { course } = await getCourse(api, courseId)
	if (course.teacherId !== user.id) throw data(null, { status: 403 })
	return { api, course }
}

export async function loadCourseEdit(
	context: Context,
	request: Request,
	params: { courseId: string },
) {
	const { course } = await ownCourse(context, request, params.courseId)
	return { course }
}

export async function courseEditAction(
	context: Context,
	request: Request,
	params: { courseId: string },
) {
	const { api, course } = await ownCourse(context, request, params.courseId)
	const submission = parseForm(await readForm(request), { schema: courseFormSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	try {
		await updateCourse(api, course.id, courseBodyFromForm(submission.value, course.modules))
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast(t`Course updated successfully`))
	return redirect('/teachersdashboard/courses')
}
