import { Trans, useLingui } from '@lingui/react/macro'
import type { SubmissionResult } from '@conform-to/react'
import { Link } from '~/ui/link'
import { buttonClass } from '~/ui/button'
import { ListSearch } from '~/ui/list-search'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import { TextLink } from '~/ui/text-link'
import { formatNumber } from '~/platform/numbers'
import { Table } from '~/ui/table'
import { CreateForm, DeleteConfirmation, RenameForm } from './department-forms'
import type { loadDepartments } from './departments.server'
import { DEPARTMENTS_PER_PAGE, type Department } from './schema'

export type ActionResult = SubmissionResult<string[]> | undefined
const resultFor = (result: ActionResult, intent: string) =>
	result?.initialValue?.intent === intent ? result : undefined

/** The departments page: the one being renamed or deleted, the searchable list, and the create form. */
export function DepartmentsPage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadDepartments>>
	actionData: ActionResult
}) {
	const { list, page, departmentName, selected } = loaderData
	const { t } = useLingui()
	const refreshSearch = new URLSearchParams({
		...(departmentName && { departmentName }),
		...(page > 1 && { page: String(page) }),
		refresh: '1',
	})
	return (
		<div className="flex flex-col gap-8">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">
					<Trans>Departments</Trans>
				</h1>
				<Link to={`?${refreshSearch.toString()}`} className={buttonClass('secondary')}>
					<Trans>Refresh</Trans>
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
					<Trans>Your departments</Trans>
				</h2>
				<ListSearch
					id="department-search"
					name="departmentName"
					label={t`Search departments by name`}
					value={departmentName}
				/>
				{list.ok ? (
					<DepartmentTable
						departments={list.value.departments}
						total={list.value.total}
						page={page}
						totalPages={Math.ceil(list.value.total / DEPARTMENTS_PER_PAGE)}
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
	const { t } = useLingui()
	if (!departments.length) {
		return (
			<p className="text-slate-700">
				{searched ? (
					<Trans>No departments match “{searched}”.</Trans>
				) : (
					<Trans>No departments yet. Create the first one below.</Trans>
				)}
			</p>
		)
	}
	const count = formatNumber(total)
	return (
		<>
			<Table
				label={t`Departments`}
				caption={<Trans>Departments ({count})</Trans>}
				headers={[t`Name`, t`Description`, t`Actions`]}
			>
				{departments.map((department) => {
					const name = department.departmentName
					return (
						<tr key={department.id} className="border-t border-slate-200">
							<td className="px-4 py-2 font-medium">{department.departmentName}</td>
							<td className="px-4 py-2">{department.description ?? ''}</td>
							<td className="px-4 py-2">
								<div className="flex gap-3">
									<TextLink to={`?edit=${department.id}`} aria-label={t`Rename ${name}`}>
										<Trans>Rename</Trans>
									</TextLink>
									<Link
										to={`?delete=${department.id}`}
										className="font-semibold text-red-700 underline"
										aria-label={t`Delete ${name}`}
									>
										<Trans>Delete</Trans>
									</Link>
								</div>
							</td>
						</tr>
					)
				})}
			</Table>
			<Pagination page={page} totalPages={totalPages} label={t`Department pages`} />
		</>
	)
}
