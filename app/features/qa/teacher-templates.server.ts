import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { deleteTemplate, getTemplate, getTemplates, toggleTemplateStatus } from './api.server'
import { templateActionSchema, templateFiltersSchema } from './schema'

type Context = Readonly<RouterContextProvider>

/** A page of templates (filtered by author and status), and the teacher's own one `?delete=` asks about. */
export async function loadTeacherTemplates(
	context: Context,
	request: Request,
	user: { id: string },
) {
	const url = new URL(request.url)
	const filters = templateFiltersSchema.parse(Object.fromEntries(url.searchParams))
	const api = upstream(context, request)
	const deleting = url.searchParams.get('delete')
	const [list, toDelete] = await Promise.all([
		settle(
			getTemplates(api, {
				page: filters.page,
				createdBy: filters.createdBy === 'me' ? user.id : undefined,
				isActive: filters.isActive === 'all' ? undefined : filters.isActive === '1' ? 1 : 0,
			}),
		),
		deleting ? settle(getTemplate(api, deleting)) : null,
	])
	return {
		userId: user.id,
		filters,
		list,
		toDelete: toDelete?.ok && toDelete.value.createdBy === user.id ? toDelete.value : null,
	}
}

/** Back to the list as the teacher left it, without the delete confirmation. */
function listUrl(request: Request) {
	const url = new URL(request.url)
	url.searchParams.delete('delete')
	const search = url.searchParams.toString()
	return `/teachersdashboard/qa/templates${search ? `?${search}` : ''}`
}

/**
 * Enable or disable a template (no success toast: spec section 8), or delete it, then back to the
 * list as the teacher left it.
 */
export async function teacherTemplateAction(context: Context, request: Request) {
	const submission = parseForm(await readForm(request), { schema: templateActionSchema })
	if (submission.status !== 'success')
		return data(submission.reply({ formErrors: [t`Choose a template and an action.`] }), {
			status: 400,
		})
	const api = upstream(context, request)
	const command = submission.value
	try {
		switch (command.intent) {
			case 'toggle':
				await toggleTemplateStatus(api, command.templateId, {
					isActive: command.isActive === '1' ? 1 : 0,
				})
				break
			case 'delete':
				await deleteTemplate(api, command.templateId)
				sendToast(context, successToast(t`Template deleted successfully`))
				break
		}
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	return redirect(listUrl(request))
}
