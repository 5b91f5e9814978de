import type { SubmissionResult } from '@conform-to/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Form, useNavigation, useSearchParams } from 'react-router'
import { formatNumber } from '~/platform/numbers'
import { Link } from '~/ui/link'
import { Button, buttonClass } from '~/ui/button'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import { TextLink } from '~/ui/text-link'
import { Table } from '~/ui/table'
import type { Template } from './schema'
import type { loadTeacherTemplates } from './teacher-templates.server'
import { ErrorAlert } from '~/ui/error-alert'

/** The teacher's template list: filters, the table (own templates can be toggled or deleted), and
 * the delete confirmation. */
export function TeacherTemplatesPage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadTeacherTemplates>>
	actionData: SubmissionResult<string[]> | undefined
}) {
	const { t } = useLingui()
	const { filters, list, toDelete, userId } = loaderData
	const actionError = actionData?.error?.['']?.[0]
	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-wrap items-center justify-between gap-4">
				<h1 className="text-2xl font-bold">
					<Trans>QA templates</Trans>
				</h1>
				<Link to="/teachersdashboard/qa/create" className={buttonClass()}>
					<Trans>Create template</Trans>
				</Link>
			</div>
			<ErrorAlert text={actionError} />
			{toDelete ? <DeleteConfirmation template={toDelete} /> : null}
			<Form
				method="get"
				className="flex min-w-0 flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4"
			>
				<div className="flex min-w-0 flex-col gap-1">
					<label htmlFor="filter-createdBy" className="text-sm font-medium">
						<Trans>Created by</Trans>
					</label>
					<select
						id="filter-createdBy"
						name="createdBy"
						defaultValue={filters.createdBy}
						className="rounded-md border border-slate-400 bg-white px-3 py-2"
					>
						<option value="me">{t`Me`}</option>
						<option value="all">{t`All teachers`}</option>
					</select>
				</div>
				<div className="flex min-w-0 flex-col gap-1">
					<label htmlFor="filter-isActive" className="text-sm font-medium">
						<Trans>Status</Trans>
					</label>
					<select
						id="filter-isActive"
						name="isActive"
						defaultValue={filters.isActive}
						className="rounded-md border border-slate-400 bg-white px-3 py-2"
					>
						<option value="all">{t`Active and inactive`}</option>
						<option value="1">{t`Active`}</option>
						<option value="0">{t`Inactive`}</option>
					</select>
				</div>
				<Button variant="secondary">
					<Trans>Apply filters</Trans>
				</Button>
			</Form>
			{list.ok ? (
				<>
					<TemplateTable
						templates={list.value.templates}
						total={list.value.pagination.total}
						userId={userId}
					/>
					<Pagination
						page={list.value.pagination.currentPage}
						totalPages={list.value.pagination.totalPages ?? 1}
						label={t`Template pages`}
					/>
				</>
			) : (
				<LoadError error={list.error} />
			)}
		</div>
	)
}

function TemplateTable({
	templates,
	total,
	userId,
}: {
	templates: Template[]
	total: number
	userId: string
}) {
	const { t } = useLingui()
	const navigation = useNavigation()
	if (!templates.length) {
		return (
			<p className="text-slate-700">
				<Trans>
					No templates match these filters.{' '}
					<TextLink to="/teachersdashboard/qa/create">Create one</TextLink>.
				</Trans>
			</p>
		)
	}
	const count = formatNumber(total)
	return (
		<Table
			label={t`Templates`}
			caption={t`Templates (${count})`}
			headers={[t`Title`, t`Questions`, t`Time limit`, t`Status`, t`Created by`, t`Actions`]}
		>
			{templates.map((template) => {
				const own = template.createdBy === userId
				const pending = navigation.formData?.get('templateId') === template.id
				const title = template.title
				const n = formatNumber(template.timeLimit)
				return (
					<tr key={template.id} className="border-t border-slate-200 align-top">
						<th scope="row" className="px-4 py-2 font-medium">
							{template.title}
							{template.description ? (
								<p className="font-normal text-slate-600">{template.description}</p>
							) : null}
						</th>
						<td className="px-4 py-2">
							{formatNumber(template.questionCount ?? template.questions?.length ?? 0)}
						</td>
						<td className="px-4 py-2">{t`${n} min`}</td>
						<td className="px-4 py-2">
							<span
								className={template.isActive ? 'font-semibold text-green-800' : 'text-slate-600'}
							>
								{template.isActive ? t`Active` : t`Inactive`}
							</span>
						</td>
						<td className="px-4 py-2">
							{own ? t`You` : (template.createdByName ?? t`Another teacher`)}
						</td>
						<td className="px-4 py-2">
							{own ? (
								<div className="flex flex-wrap gap-2">
									<Form method="post">
										<input type="hidden" name="intent" value="toggle" />
										<input type="hidden" name="templateId" value={template.id} />
										<input type="hidden" name="isActive" value={template.isActive ? '0' : '1'} />
										<Button
											variant="secondary"
											disabled={pending}
											aria-label={template.isActive ? t`Disable ${title}` : t`Enable ${title}`}
										>
											{template.isActive ? t`Disable` : t`Enable`}
										</Button>
									</Form>
									<Link
										to={`?delete=${encodeURIComponent(template.id)}`}
										className={buttonClass('danger')}
										aria-label={t`Delete ${title}`}
										preventScrollReset
									>
										<Trans>Delete</Trans>
									</Link>
								</div>
							) : (
								<span className="text-slate-600">
									<Trans>Only its creator can change it</Trans>
								</span>
							)}
						</td>
					</tr>
				)
			})}
		</Table>
	)
}

/** Deleting asks first, as its own step, so it works the same with and without JavaScript. */
function DeleteConfirmation({ template }: { template: Template }) {
	const [searchParams] = useSearchParams()
	const back = new URLSearchParams(searchParams)
	back.delete('delete')
	const title = template.title
	return (
		<section
			role="alertdialog"
			aria-labelledby="delete-heading"
			aria-describedby="delete-text"
			className="rounded-lg border border-red-300 bg-red-50 p-6"
		>
			<h2 id="delete-heading" className="text-lg font-semibold text-red-900">
				<Trans>Delete “{title}”?</Trans>
			</h2>
			<p id="delete-text" className="mt-1 text-sm text-red-900">
				<Trans>
					Students will no longer see it. Results of tests already taken are kept. This cannot be
					undone.
				</Trans>
			</p>
			<div className="mt-4 flex flex-wrap gap-3">
				<Form method="post">
					<input type="hidden" name="intent" value="delete" />
					<input type="hidden" name="templateId" value={template.id} />
					<Button variant="danger" autoFocus>
						<Trans>Yes, delete template</Trans>
					</Button>
				</Form>
				<Link to={`?${back.toString()}`} className={buttonClass('secondary')}>
					<Trans>Cancel</Trans>
				</Link>
			</div>
		</section>
	)
}
