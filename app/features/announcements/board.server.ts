import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { deleteAnnouncement, getAnnouncements, getAudiences, postAnnouncement } from './api.server'
import { announcementFormSchema, pageFrom, teacherAnnouncementFormSchema } from './schema'

/** The loader of a staff announcement page: whom they may address, and what they have posted. */
export async function loadAnnouncementBoard(context: Readonly<RouterContextProvider>, request: Request) {
	const api = upstream(context, request)
	const [audiences, list] = await Promise.all([
		settle(getAudiences(api)),
		settle(getAnnouncements(api, pageFrom(new URL(request.url)))),
	])
	return { audiences, list, timeZone: viewerTimeZone(request).zone }
}

/** The action of a staff announcement page: post one (intent post) or delete one (intent delete). */
export async function announcementBoardAction(
	context: Readonly<RouterContextProvider>,
	request: Request,
	{ requireCourse, listPath }: { requireCourse: boolean; listPath: string },
) {
	const api = upstream(context, request)
	const formData = await readForm(request)
	if (formData.get('intent') === 'delete') {
		try {
			await deleteAnnouncement(api, String(formData.get('announcementId') ?? ''))
		} catch (error) {
			if (!(error instanceof UpstreamError)) throw error
			sendToast(context, error.toast)
			return data({ deleteError: error.text }, { status: error.status && error.status < 500 ? error.status : 502 })
		}
		sendToast(context, successToast('Announcement deleted successfully'))
		return redirect(listPath)
	}
	const schema = requireCourse ? teacherAnnouncementFormSchema : announcementFormSchema
	const submission = parseWithZod(formData, { schema })
	if (submission.status !== 'success') return data({ post: submission.reply() }, { status: 400 })
	try {
		await postAnnouncement(api, submission.value)
	} catch (error) {
		const reply = replyWithUpstreamError(context, submission, error)
		return data({ post: reply.data }, reply.init ?? undefined)
	}
	sendToast(context, successToast('Announcement posted successfully'))
	return redirect(listPath)
}
