import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { FORM_LIMIT, parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { pagePath, upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { deleteResource, getResources, uploadResource } from './api.server'
import { filtersFrom, maxResourceBytes, resourceActionSchema } from './schema'

type Context = Readonly<RouterContextProvider>

// Twice the file limit is still read, so a slightly larger file gets the field's own error.
const UPLOAD_FORM_LIMIT = 2 * maxResourceBytes + FORM_LIMIT

/** The teacher's library: a filtered page of resources; the teacher may delete their own. */
export async function loadTeacherLibrary(context: Context, request: Request, userId: string) {
	const filters = filtersFrom(new URL(request.url))
	const list = await settle(getResources(upstream(context, request), filters))
	return { userId, filters, list }
}

/** Upload a resource or delete one of the teacher's own (one schema over `intent`). */
export async function teacherLibraryAction(context: Context, request: Request) {
	const formData = await readForm(request, UPLOAD_FORM_LIMIT)
	const submission = parseForm(formData, { schema: resourceActionSchema })
	if (submission.status !== 'success') {
		// The delete form has no field to show an error by: it shows above the list.
		const formErrors =
			submission.payload.intent === 'delete' ? [t`Choose a resource to delete`] : undefined
		return data(submission.reply({ formErrors, hideFields: ['file'] }), { status: 400 })
	}
	const api = upstream(context, request)
	const form = submission.value
	try {
		switch (form.intent) {
			case 'upload': {
				const { intent: _, ...upload } = form
				await uploadResource(api, upload)
				sendToast(context, successToast(t`Resource uploaded successfully`))
				return redirect('/teachersdashboard/library')
			}
			case 'delete':
				await deleteResource(api, form.resourceId)
				sendToast(context, successToast(t`Resource deleted successfully`))
				return redirect(pagePath(request))
		}
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, ['file'])
	}
}
