import { t } from '@lingui/core/macro'
import { data, redirect } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { createCourse } from './api.server'
import { courseBodyFromForm, courseFormSchema } from './schema'

type Context = Readonly<RouterContextProvider>

export async function newCourseAction(context: Context, request: Request) {
	const submission = parseForm(await readForm(request), { schema: courseFormSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	try {
		await createCourse(upstream(context, request), courseBodyFromForm(submission.value))
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast(t`Course created successfully!`))
	return redirect('/teachersdashboard/courses')
}
