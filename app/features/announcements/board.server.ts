import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { readForm, replyStatus, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { deleteAnnouncement, getAnnouncements, getAudiences, postAnnouncement, updateAnnouncement } from './api.server'
import { announcementEditSchema, announcementFormSchema, pageFrom, teacherAnnouncementFormSchema } from './schema'

/** The loader of a staff announcement page: whom they may address, and what they have posted. */
export async function loadAnnouncementBoard(context: Readonly<RouterContextProvider>, request: Request) {
	const api = upstream(context, request)
	const [audiences, list] = await Promise.all([
		settle(getAudiences(api)),
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
	const api = upstream(context, request)
	const formData = await readForm(request)
	if (formData.get('intent') === 'delete') {
		try {
			await deleteAnnouncement(api, String(formData.get('announcementId') ?? ''))
		} catch (error) {
			if (!(error instanceof UpstreamError)) throw error
			sendToast(context, error.toast)
			return data({ deleteError: error.text }, { status: replyStatus(error.status) })
		}
		sendToast(context, successToast('Announcement deleted successfully'))
		return redirect(listPath)
	}
	if (formData.get('intent') === 'update') {
		const submission = parseWithZod(formData, { schema: announcementEditSchema })
		if (submission.status !== 'success') return data({ update: submission.reply() }, { status: 400 })
		try {
			await updateAnnouncement(api, submission.value)
		} catch (error) {
			const reply = replyWithUpstreamError(context, submission, error)
			return data({ update: reply.data }, reply.init ?? undefined)
		}
		sendToast(context, successToast('Announcement updated successfully'))
		return redirect(backToList(request, listPath))
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
