import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { createDepartment } from '~/features/departments/api.server'
import { createDepartmentSchema } from '~/features/departments/schema'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import type { SessionUser } from '~/platform/session.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { getOrganizationStats } from './api.server'

type Context = Readonly<RouterContextProvider>

/** The organization's name and its totals (`?refresh` skips the cache). */
export async function loadOrganizationDashboard(
	context: Context,
	request: Request,
	user: SessionUser,
) {
	const fresh = new URL(request.url).searchParams.has('refresh')
	const stats = await settle(getOrganizationStats(upstream(context, request), user.id, fresh))
	return { name: user.name, stats }
}

/** The dashboard's quick add: the organizations slice's department create, with its own toast. */
export async function quickDepartmentAction(context: Context, request: Request) {
	const submission = parseForm(await readForm(request), { schema: createDepartmentSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	const { intent: _, ...fields } = submission.value
	try {
		await createDepartment(upstream(context, request), fields)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast(t`department created successfully!`))
	return redirect('/organization/dashboard')
}
