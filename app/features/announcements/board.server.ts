import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { courseMenuQuery } from '~/platform/course-menu'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import {
	deleteAnnouncement,
	getAnnouncements,
	getAudiences,
	postAnnouncement,
	updateAnnouncement,
} from './api.server'
import { announcementActionSchema, pageFrom } from './schema'

/** The loader of a staff announcement page: whom they may address, and what they have posted. */
export async function loadAnnouncementBoard(
	context: Readonly<RouterContextProvider>,
	request: Request,
) {
	const api = upstream(context, request)
	const [audiences, list] = await Promise.all([
		settle(getAudiences(api, courseMenuQuery(new URL(request.url)))),
		settle(getAnnouncements(api, pageFrom(new URL(request.url)))),
	])
	return { audiences, list, timeZone: viewerTimeZone(request).zone }
}

/** The list again, on the page the form was on (the edit form's `?edit=` is dropped). */
function backToList(request: Request, listPath: string) {
	const page = new URL(request.url).searchParams.get('page')
	return page && page !== '1' ? `${listPath}?page=${encodeURIComponent(page)}` : listPath
}

/** The action of a staff announcement page: post one (intent post), edit one (update) or delete one (delete). */
export async function announcementBoardAction(
	context: Readonly<RouterContextProvider>,
	request: Request,
	{ requireCourse, listPath }: { requireCourse: boolean; listPath: string },
) {
	const submission = parseForm(await readForm(request), {
		schema: announcementActionSchema(requireCourse),
	})
	if (submission.status !== 'success') {
		// The delete form has no field to show an error by: it shows above the list.
		const formErrors =
			submission.payload.intent === 'delete' ? [t`Choose an announcement to delete`] : undefined
		return data(submission.reply({ formErrors }), { status: 400 })
	}
	const api = upstream(context, request)
	const form = submission.value
	try {
		switch (form.intent) {
			case 'post':
				await postAnnouncement(api, { title: form.title, body: form.body, courseId: form.courseId })
				sendToast(context, successToast(t`Announcement posted successfully`))
				return redirect(listPath)
			case 'update':
				await updateAnnouncement(api, {
					announcementId: form.announcementId,
					title: form.title,
					body: form.body,
				})
				sendToast(context, successToast(t`Announcement updated successfully`))
				return redirect(backToList(request, listPath))
			case 'delete':
				await deleteAnnouncement(api, form.announcementId)
				sendToast(context, successToast(t`Announcement deleted successfully`))
				return redirect(listPath)
		}
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
}
