import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { ConformField, ConformSelect, ConformTextArea, FormErrors } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { useForm, useSubmitting } from '~/ui/use-form'
import { LibraryFilters, LibraryList } from './library'
import { resourceFileAccept, resourceTypes, resourceUploadSchema } from './schema'
import type { loadTeacherLibrary } from './teacher-library.server'
import { ErrorAlert } from '~/ui/error-alert'

/** The teacher's library: the upload form above the shared list (with delete on their own). */
export function TeacherLibraryPage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadTeacherLibrary>>
	actionData: SubmissionResult<string[]> | undefined
}) {
	const { filters, list, userId } = loaderData
	const uploadResult = actionData?.initialValue?.intent === 'upload' ? actionData : undefined
	const deleteError =
		actionData?.initialValue?.intent === 'delete' ? actionData.error?.['']?.[0] : undefined
	const [form, fields] = useForm({
		id: 'resource-upload',
		lastResult: uploadResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: resourceUploadSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const uploading = useSubmitting('upload')
	const { t } = useLingui()

	return (
		<div className="flex flex-col gap-8">
			<h1 className="text-2xl font-bold">
				<Trans>Library</Trans>
			</h1>
			<section
				aria-labelledby="upload-heading"
				className="rounded-lg border border-slate-200 bg-white p-6"
			>
				<h2 id="upload-heading" className="text-lg font-semibold">
					<Trans>Upload a resource</Trans>
				</h2>
				<p className="mt-1 text-sm text-slate-700">
					<Trans>Share a file (at most 10 MB) or a link with every student.</Trans>
				</p>
				<Form
					method="post"
					encType="multipart/form-data"
					className="mt-4 grid gap-4 md:grid-cols-2"
					{...getFormProps(form)}
				>
					<input type="hidden" name="intent" value="upload" />
					<div className="md:col-span-2">
						<FormErrors id={form.errorId} errors={form.errors} />
					</div>
					<ConformField label={t`Title`} meta={fields.title} required />
					<ConformField
						label={t`Subject`}
						hint={t`For example: Mathematics`}
						meta={fields.subject}
						required
					/>
					<ConformSelect
						label={t`Resource type`}
						meta={fields.resourceType}
						options={[
							{ value: '', label: t`Choose…` },
							...resourceTypes.map((type) => ({ value: type.value, label: t(type.label) })),
						]}
						required
					/>
					<ConformField
						label={t`Link (instead of a file)`}
						meta={fields.url}
						type="url"
						placeholder="https://"
					/>
					<div className="md:col-span-2">
						<ConformTextArea label={t`Description (optional)`} meta={fields.description} rows={3} />
					</div>
					<div className="md:col-span-2">
						<ConformField
							label={t`File`}
							hint={t`PDF, Word, PowerPoint, Excel, text, CSV, image or ZIP; at most 10 MB.`}
							meta={fields.file}
							type="file"
							accept={resourceFileAccept}
						/>
					</div>
					<div className="md:col-span-2">
						<Button disabled={uploading}>{uploading ? t`Uploading…` : t`Upload resource`}</Button>
					</div>
				</Form>
			</section>
			<section aria-labelledby="browse-heading" className="flex flex-col gap-4">
				<h2 id="browse-heading" className="text-lg font-semibold">
					<Trans>Browse the library</Trans>
				</h2>
				<ErrorAlert text={deleteError} />
				<LibraryFilters filters={filters} subjects={list.ok ? list.value.subjects : []} />
				{list.ok ? (
					<LibraryList
						list={list.value}
						filesPath="/teachersdashboard/library"
						canDelete={(uploaderId) => uploaderId === userId}
					/>
				) : (
					<LoadError error={list.error} />
				)}
			</section>
		</div>
	)
}
