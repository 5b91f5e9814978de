import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/library'
import { deleteResource, getResources, uploadResource } from '~/features/resources/api.server'
import { LibraryFilters, LibraryList } from '~/features/resources/library'
import {
	filtersFrom,
	maxResourceBytes,
	resourceActionSchema,
	resourceFileAccept,
	resourceTypes,
	resourceUploadSchema,
} from '~/features/resources/schema'
import { FORM_LIMIT, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { pagePath, requireRole, upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { Button } from '~/ui/button'
import {
	FormErrors,
	inputProps,
	SelectField,
	selectProps,
	TextAreaField,
	textareaProps,
	TextField,
} from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { useForm } from '~/ui/use-form'

// Twice the file limit is still read, so a slightly larger file gets the field's own error.
const UPLOAD_FORM_LIMIT = 2 * maxResourceBytes + FORM_LIMIT

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'tutor')
	const filters = filtersFrom(new URL(request.url))
	const list = await settle(getResources(upstream(context, request), filters))
	return { userId: user.id, filters, list }
}

export async function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'tutor')
	const formData = await readForm(request, UPLOAD_FORM_LIMIT)
	const submission = parseWithZod(formData, { schema: resourceActionSchema })
	if (submission.status !== 'success') {
		// The delete form has no field to show an error by: it shows above the list.
		const formErrors =
			submission.payload.intent === 'delete' ? ['Choose a resource to delete'] : undefined
		return data(submission.reply({ formErrors, hideFields: ['file'] }), { status: 400 })
	}
	const api = upstream(context, request)
	const form = submission.value
	try {
		switch (form.intent) {
			case 'upload': {
				const { intent: _, ...upload } = form
				await uploadResource(api, upload)
				sendToast(context, successToast('Resource uploaded successfully'))
				return redirect('/teachersdashboard/library')
			}
			case 'delete':
				await deleteResource(api, form.resourceId)
				sendToast(context, successToast('Resource deleted successfully'))
				return redirect(pagePath(request))
		}
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, ['file'])
	}
}

export default function TeacherLibrary({ loaderData, actionData }: Route.ComponentProps) {
	const { filters, list, userId } = loaderData
	const navigation = useNavigation()
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
	const uploading =
		navigation.state === 'submitting' && navigation.formData?.get('intent') === 'upload'

	return (
		<div className="flex flex-col gap-8">
			<h1 className="text-2xl font-bold">Library</h1>
			<section
				aria-labelledby="upload-heading"
				className="rounded-lg border border-slate-200 bg-white p-6"
			>
				<h2 id="upload-heading" className="text-lg font-semibold">
					Upload a resource
				</h2>
				<p className="mt-1 text-sm text-slate-700">
					Share a file (at most 10 MB) or a link with every student.
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
					<TextField
						label="Title"
						meta={fields.title}
						{...inputProps(fields.title, 'text')}
						required
					/>
					<TextField
						label="Subject"
						hint="For example: Mathematics"
						meta={fields.subject}
						{...inputProps(fields.subject, 'text')}
						required
					/>
					<SelectField
						label="Resource type"
						meta={fields.resourceType}
						options={[{ value: '', label: 'Choose…' }, ...resourceTypes]}
						{...selectProps(fields.resourceType)}
						required
					/>
					<TextField
						label="Link (instead of a file)"
						meta={fields.url}
						{...inputProps(fields.url, 'url')}
						placeholder="https://"
					/>
					<div className="md:col-span-2">
						<TextAreaField
							label="Description (optional)"
							meta={fields.description}
							{...textareaProps(fields.description)}
							rows={3}
						/>
					</div>
					<div className="md:col-span-2">
						<TextField
							label="File"
							hint="PDF, Word, PowerPoint, Excel, text, CSV, image or ZIP; at most 10 MB."
							meta={fields.file}
							{...inputProps(fields.file, 'file')}
							accept={resourceFileAccept}
						/>
					</div>
					<div className="md:col-span-2">
						<Button disabled={uploading}>{uploading ? 'Uploading…' : 'Upload resource'}</Button>
					</div>
				</Form>
			</section>
			<section aria-labelledby="browse-heading" className="flex flex-col gap-4">
				<h2 id="browse-heading" className="text-lg font-semibold">
					Browse the library
				</h2>
				{deleteError ? (
					<p
						role="alert"
						className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
					>
						{deleteError}
					</p>
				) : null}
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

export function meta() {
	return [{ title: 'Library | TutorHub' }]
}
