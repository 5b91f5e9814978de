import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { Link } from '~/ui/link'
import { Button, buttonClass } from '~/ui/button'
import { ConformField, FormErrors } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import type { ActionResult } from './departments-page'
import { createDepartmentSchema, renameDepartmentSchema, type Department } from './schema'

// The departments page's forms: create, rename, and the delete confirmation.

export function CreateForm({ lastResult }: { lastResult: ActionResult }) {
	const [form, fields] = useForm({
		id: 'create-department',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: createDepartmentSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const busy = useSubmitting('create')
	const { t } = useLingui()
	return (
		<section
			aria-labelledby="create-heading"
			className="max-w-xl rounded-lg border border-slate-200 bg-white p-5"
		>
			<h2 id="create-heading" className="text-lg font-semibold">
				<Trans>Create a department</Trans>
			</h2>
			<Form method="post" className="mt-4 flex flex-col gap-3" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="create" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<ConformField label={t`Department name`} meta={fields.departmentName} required />
				<ConformField label={t`Description (optional)`} meta={fields.description} />
				<Button disabled={busy}>
					{busy ? <Trans>Creating…</Trans> : <Trans>Create department</Trans>}
				</Button>
			</Form>
		</section>
	)
}

export function RenameForm({
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
	const { t } = useLingui()
	const name = department.departmentName
	return (
		<section
			aria-labelledby="rename-heading"
			className="max-w-xl rounded-lg border border-indigo-200 bg-indigo-50 p-5"
		>
			<h2 id="rename-heading" className="text-lg font-semibold">
				<Trans>Rename {name}</Trans>
			</h2>
			<Form method="post" className="mt-4 flex flex-col gap-3" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="rename" />
				<input type="hidden" name="departmentId" value={department.id} />
				<FormErrors id={form.errorId} errors={form.errors} />
				<ConformField label={t`New department name`} meta={fields.departmentName} required />
				<ConformField label={t`Description (optional)`} meta={fields.description} />
				<div className="flex gap-3">
					<Button>
						<Trans>Save name</Trans>
					</Button>
					<Link to="." className={buttonClass('secondary')}>
						<Trans>Cancel</Trans>
					</Link>
				</div>
			</Form>
		</section>
	)
}

export function DeleteConfirmation({
	department,
	lastResult,
}: {
	department: Department
	lastResult: ActionResult
}) {
	const [form] = useForm({ id: `delete-${department.id}`, lastResult })
	const name = department.departmentName
	return (
		<section
			aria-labelledby="delete-heading"
			className="max-w-xl rounded-lg border border-red-300 bg-red-50 p-5"
		>
			<h2 id="delete-heading" className="text-lg font-semibold text-red-900">
				<Trans>Delete {name}?</Trans>
			</h2>
			<p className="mt-1 text-sm text-red-900">
				<Trans>
					The department is removed for good. Its teachers and students stay in your organization.
				</Trans>
			</p>
			<Form method="post" className="mt-4 flex flex-col gap-3" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="delete" />
				<input type="hidden" name="departmentId" value={department.id} />
				<FormErrors id={form.errorId} errors={form.errors} />
				<div className="flex gap-3">
					<Button variant="danger">
						<Trans>Delete department</Trans>
					</Button>
					<Link to="." className={buttonClass('secondary')}>
						<Trans>Cancel</Trans>
					</Link>
				</div>
			</Form>
		</section>
	)
}
