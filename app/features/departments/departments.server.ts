import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { pageParam } from '~/platform/page-param'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import {
	createDepartment,
	deleteDepartment,
	getDepartment,
	getDepartments,
	updateDepartment,
} from './api.server'
import { DEPARTMENTS_PER_PAGE, departmentActionSchema } from './schema'

type Context = Readonly<RouterContextProvider>

const DEPARTMENTS_PATH = '/organization/departments'

/** A page of the organization's departments (searched by name), and the one `?edit=` or `?delete=` opens. */
export async function loadDepartments(context: Context, request: Request, organizationId: string) {
	const api = upstream(context, request)
	const params = new URL(request.url).searchParams
	const page = pageParam(params)
	const departmentName = (params.get('departmentName') ?? '').trim().slice(0, 100)
	const editId = params.get('edit')
	const deleteId = params.get('delete')
	const selectedId = editId ?? deleteId
	// Both calls start before either is awaited.
	const [list, selected] = await Promise.all([
		settle(
			getDepartments(api, {
				page,
				limit: DEPARTMENTS_PER_PAGE,
				departmentName,
				organizationId,
				fresh: params.has('refresh'),
			}),
		),
		selectedId ? settle(getDepartment(api, selectedId)) : Promise.resolve(null),
	])
	return {
		list,
		page,
		departmentName,
		selected: selected && {
			mode: editId ? ('edit' as const) : ('delete' as const),
			department: selected,
		},
	}
}

/** Create, rename or delete a department: one schema over `intent`, then the call and its toast. */
export async function departmentAction(context: Context, request: Request) {
	const submission = parseForm(await readForm(request), { schema: departmentActionSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	const api = upstream(context, request)
	const form = submission.value
	try {
		switch (form.intent) {
			case 'create':
				await createDepartment(api, {
					departmentName: form.departmentName,
					description: form.description,
				})
				sendToast(context, successToast(t`Department created successfully`))
				break
			case 'rename':
				await updateDepartment(api, form.departmentId, {
					departmentName: form.departmentName,
					description: form.description,
				})
				sendToast(context, successToast(t`Department updated successfully`))
				break
			case 'delete':
				await deleteDepartment(api, form.departmentId)
				sendToast(context, successToast(t`Department deleted successfully`))
				break
		}
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	return redirect(DEPARTMENTS_PATH)
}
