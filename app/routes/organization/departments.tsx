import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/departments'
import {
	createDepartment,
	deleteDepartment,
	getDepartment,
	getDepartments,
	updateDepartment,
} from '~/features/departments/api.server'
import {
	createDepartmentSchema,
	deleteDepartmentSchema,
	renameDepartmentSchema,
	type Department,
} from '~/features/departments/schema'
import { readForm, replyWithUpstreamError } from '~/platform/form.server'
import { requireRole, upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { Button, buttonClass } from '~/ui/button'
import { FormErrors, inputProps, TextField } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import { TableScroll } from '~/ui/table-scroll'
import { useForm } from '~/ui/use-form'

const LIMIT = 10

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'organization')
	const api = upstream(context, request)
	const params = new URL(request.url).searchParams
	const pageNumber = Number(params.get('page'))
	const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1
	const departmentName = (params.get('departmentName') ?? '').trim().slice(0, 100)
	const editId = params.get('edit')
	const deleteId = params.get('delete')
	const selectedId = editId ?? deleteId
	// Both calls start before either is awaited.
	const [list, selected] = await Promise.all([
		settle(
			getDepartments(api, {
				page,
				limit: LIMIT,
				departmentName,
				organizationId: user.id,
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

export async function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'organization')
	const api = upstream(context, request)
	const formData = await readForm(request)
	const intent = formData.get('intent')
	const back = '/organization/departments'

	if (intent === 'delete') {
		const submission = parseWithZod(formData, { schema: deleteDepartmentSchema })
		if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
		try {
			await deleteDepartment(api, submission.value.departmentId)
		} catch (error) {
			return replyWithUpstreamError(context, submission, error)
		}
		sendToast(context, successToast('Department deleted successfully'))
		return redirect(back)
	}
	if (intent === 'rename') {
		const submission = parseWithZod(formData, { schema: renameDepartmentSchema })
		if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
		const { departmentId, ...fields } = submission.value
		try {
			await updateDepartment(api, departmentId, fields)
		} catch (error) {
			return replyWithUpstreamError(context, submission, error)
		}
		sendToast(context, successToast('Department updated successfully'))
		return redirect(back)
	}
	const submission = parseWithZod(formData, { schema: createDepartmentSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	const { intent: _, ...fields } = submission.value
	try {
		await createDepartment(api, fields)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast('Department created successfully'))
	return redirect(back)
}

export function meta() {
	return [{ title: 'Departments | TutorHub' }]
}

type ActionResult = SubmissionResult<string[]> | undefined
const resultFor = (result: ActionResult, intent: string) =>
	result?.initialValue?.intent === intent ? result : undefined

export default function Departments({ loaderData, actionData }: Route.ComponentProps) {
	const { list, page, departmentName, selected } = loaderData
	const refreshSearch = new URLSearchParams({
		...(departmentName && { departmentName }),
		...(page > 1 && { page: String(page) }),
		refresh: '1',
	})
	return (
		<div className="flex flex-col gap-8">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">Departments</h1>
				<Link to={`?${refreshSearch.toString()}`} className={buttonClass('secondary')}>
					Refresh
				</Link>
			</div>

			{selected ? (
				selected.department.ok ? (
					selected.mode === 'edit' ? (
						<RenameForm
							key={selected.department.value.id}
							department={selected.department.value}
							lastResult={resultFor(actionData, 'rename')}
						/>
					) : (
						<DeleteConfirmation
							department={selected.department.value}
							lastResult={resultFor(actionData, 'delete')}
						/>
					)
				) : (
					<LoadError error={selected.department.error} />
				)
			) : null}

			<section aria-labelledby="list-heading" className="flex flex-col gap-3">
				<h2 id="list-heading" className="text-lg font-semibold">
					Your departments
				</h2>
				{/* Rebuilt when the search in the address changes, so Clear search empties the box too. */}
				<Form
					key={departmentName}
					method="get"
					role="search"
					className="flex flex-wrap items-end gap-2"
				>
					<div className="flex flex-col gap-1">
						<label htmlFor="department-search" className="text-sm font-medium text-slate-800">
							Search departments by name
						</label>
						<input
							id="department-search"
							type="search"
							name="departmentName"
							defaultValue={departmentName}
							maxLength={100}
							className="rounded-md border border-slate-400 bg-white px-3 py-2"
						/>
					</div>
					<Button variant="secondary">Search</Button>
					{departmentName ? (
						<Link to="." className={buttonClass('link')}>
							Clear search
						</Link>
					) : null}
				</Form>
				{list.ok ? (
					<DepartmentTable
						departments={list.value.departments}
						total={list.value.total}
						page={page}
						totalPages={Math.ceil(list.value.total / LIMIT)}
						searched={departmentName}
					/>
				) : (
					<LoadError error={list.error} />
				)}
			</section>

			<CreateForm lastResult={resultFor(actionData, 'create')} />
		</div>
	)
}

function DepartmentTable({
	departments,
	total,
	page,
	totalPages,
	searched,
}: {
	departments: Department[]
	total: number
	page: number
	totalPages: number
	searched: string
}) {
	if (!departments.length) {
		return (
			<p className="text-slate-700">
				{searched
					? `No departments match “${searched}”.`
					: 'No departments yet. Create the first one below.'}
			</p>
		)
	}
	return (
		<>
			<TableScroll label="Departments">
				<table className="w-full text-left text-sm">
					<caption className="px-4 py-3 text-left font-semibold">Departments ({total})</caption>
					<thead className="bg-slate-100 text-slate-700">
						<tr>
							<th scope="col" className="px-4 py-2">
								Name
							</th>
							<th scope="col" className="px-4 py-2">
								Description
							</th>
							<th scope="col" className="px-4 py-2">
								Actions
							</th>
						</tr>
					</thead>
					<tbody>
						{departments.map((department) => (
							<tr key={department.id} className="border-t border-slate-200">
								<td className="px-4 py-2 font-medium">{department.departmentName}</td>
								<td className="px-4 py-2">{department.description ?? ''}</td>
								<td className="px-4 py-2">
									<div className="flex gap-3">
										<Link
											to={`?edit=${department.id}`}
											className="font-semibold text-indigo-800 underline"
											aria-label={`Rename ${department.departmentName}`}
										>
											Rename
										</Link>
										<Link
											to={`?delete=${department.id}`}
											className="font-semibold text-red-700 underline"
											aria-label={`Delete ${department.departmentName}`}
										>
											Delete
										</Link>
									</div>
								</td>
							</tr>
						))}
					</tbody>
				</table>
			</TableScroll>
			<Pagination page={page} totalPages={totalPages} label="Department pages" />
		</>
	)
}

function CreateForm({ lastResult }: { lastResult: ActionResult }) {
	const navigation = useNavigation()
	const [form, fields] = useForm({
		id: 'create-department',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: createDepartmentSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create'
	return (
		<section
			aria-labelledby="create-heading"
			className="max-w-xl rounded-lg border border-slate-200 bg-white p-5"
		>
			<h2 id="create-heading" className="text-lg font-semibold">
				Create a department
			</h2>
			<Form method="post" className="mt-4 flex flex-col gap-3" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="create" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<TextField
					label="Department name"
					meta={fields.departmentName}
					{...inputProps(fields.departmentName, 'text')}
					required
				/>
				<TextField
					label="Description (optional)"
					meta={fields.description}
					{...inputProps(fields.description, 'text')}
				/>
				<Button disabled={busy}>{busy ? 'Creating…' : 'Create department'}</Button>
			</Form>
		</section>
	)
}

function RenameForm({
	department,
	lastResult,
}: {
	department: Department
	lastResult: ActionResult
}) {
	const [form, fields] = useForm({
		id: `rename-${department.id}`,
		lastResult,
		defaultValue: {
			departmentName: department.departmentName,
			description: department.description ?? '',
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: renameDepartmentSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<section
			aria-labelledby="rename-heading"
			className="max-w-xl rounded-lg border border-indigo-200 bg-indigo-50 p-5"
		>
			<h2 id="rename-heading" className="text-lg font-semibold">
				Rename {department.departmentName}
			</h2>
			<Form method="post" className="mt-4 flex flex-col gap-3" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="rename" />
				<input type="hidden" name="departmentId" value={department.id} />
				<FormErrors id={form.errorId} errors={form.errors} />
				<TextField
					label="New department name"
					meta={fields.departmentName}
					{...inputProps(fields.departmentName, 'text')}
					required
				/>
				<TextField
					label="Description (optional)"
					meta={fields.description}
					{...inputProps(fields.description, 'text')}
				/>
				<div className="flex gap-3">
					<Button>Save name</Button>
					<Link to="." className={buttonClass('secondary')}>
						Cancel
					</Link>
				</div>
			</Form>
		</section>
	)
}

function DeleteConfirmation({
	department,
	lastResult,
}: {
	department: Department
	lastResult: ActionResult
}) {
	const [form] = useForm({ id: `delete-${department.id}`, lastResult })
	return (
		<section
			aria-labelledby="delete-heading"
			className="max-w-xl rounded-lg border border-red-300 bg-red-50 p-5"
		>
			<h2 id="delete-heading" className="text-lg font-semibold text-red-900">
				Delete {department.departmentName}?
			</h2>
			<p className="mt-1 text-sm text-red-900">
				The department is removed for good. Its teachers and students stay in your organization.
			</p>
			<Form method="post" className="mt-4 flex flex-col gap-3" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="delete" />
				<input type="hidden" name="departmentId" value={department.id} />
				<FormErrors id={form.errorId} errors={form.errors} />
				<div className="flex gap-3">
					<Button variant="danger">Delete department</Button>
					<Link to="." className={buttonClass('secondary')}>
						Cancel
					</Link>
				</div>
			</Form>
		</section>
	)
}
