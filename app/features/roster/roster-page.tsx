import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import type { LoadFailure } from '~/platform/toast'
import { Button } from '~/ui/button'
import { CsvDownload } from '~/ui/csv-download'
import { ConformField, FormErrors } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { TableScroll } from '~/ui/table-scroll'
import { useForm, useSubmitting } from '~/ui/use-form'
import { TextLink } from '~/ui/text-link'
import { rosterUploadSchema, STATUS_LABELS, type RosterImport } from './schema'

/** The roster page: the template, the upload that leads to a preview, the export, recent imports. */
export function RosterPage({
	imports,
	lastResult,
}: {
	imports: { ok: true; value: { imports: RosterImport[] } } | { ok: false; error: LoadFailure }
	lastResult: SubmissionResult<string[]> | undefined
}) {
	return (
		<div className="flex flex-col gap-8">
			<h1 className="text-2xl font-bold">Roster</h1>
			<UploadForm lastResult={lastResult} />
			<section
				aria-labelledby="export-heading"
				className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6"
			>
				<h2 id="export-heading" className="text-lg font-semibold">
					Export the roster
				</h2>
				<p className="text-slate-700">
					Your students and teachers in the template&apos;s columns: edit the file in a spreadsheet
					and import it again.
				</p>
				<div>
					<CsvDownload href="/organization/roster/export">Download the roster</CsvDownload>
				</div>
			</section>
			<section aria-labelledby="imports-heading" className="flex flex-col gap-3">
				<h2 id="imports-heading" className="text-lg font-semibold">
					Recent imports
				</h2>
				{imports.ok ? (
					<ImportList imports={imports.value.imports} />
				) : (
					<LoadError error={imports.error} />
				)}
			</section>
		</div>
	)
}

function UploadForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
	const [form, fields] = useForm({
		id: 'roster-upload',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: rosterUploadSchema }),
		shouldValidate: 'onSubmit',
	})
	const busy = useSubmitting()
	return (
		<section
			aria-labelledby="upload-heading"
			className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6"
		>
			<h2 id="upload-heading" className="text-lg font-semibold">
				Import a roster
			</h2>
			<p className="text-slate-700">
				Fill in the template (role <code>student</code> or <code>teacher</code>, first name, last
				name, email, department as named on the Departments page, and an optional student number)
				and upload it as CSV, comma or semicolon separated, up to 10,000 rows. You see what each row
				will do before anything is written. New people get a mail to choose their password; students
				who already have an account get an invitation to accept.
			</p>
			<div>
				<CsvDownload href="/organization/roster/template">Download the template</CsvDownload>
			</div>
			<Form
				method="post"
				encType="multipart/form-data"
				className="flex flex-col gap-4"
				{...getFormProps(form)}
			>
				<FormErrors id={form.errorId} errors={form.errors} />
				<ConformField
					label="Roster file (CSV)"
					hint="At most 2 MB and 10,000 rows."
					meta={fields.file}
					type="file"
					accept=".csv,text/csv"
				/>
				<div>
					<Button disabled={busy}>{busy ? 'Reading the file…' : 'Upload and preview'}</Button>
				</div>
			</Form>
		</section>
	)
}

function ImportList({ imports }: { imports: RosterImport[] }) {
	if (!imports.length) return <p className="text-slate-700">No imports yet.</p>
	return (
		<TableScroll label="Recent imports">
			<table className="w-full text-start text-sm">
				<thead>
					<tr className="border-b border-slate-300">
						<th scope="col" className="py-2 pe-4">
							File
						</th>
						<th scope="col" className="py-2 pe-4">
							Status
						</th>
						<th scope="col" className="py-2 pe-4">
							Rows
						</th>
						<th scope="col" className="py-2 pe-4">
							With errors
						</th>
					</tr>
				</thead>
				<tbody>
					{imports.map((job) => (
						<tr key={job.id} className="border-b border-slate-200">
							<td className="py-2 pe-4">
								<TextLink to={`/organization/roster/imports/${job.id}`}>{job.fileName}</TextLink>
							</td>
							<td className="py-2 pe-4">{STATUS_LABELS[job.status]}</td>
							<td className="py-2 pe-4">{job.counts.rows.toLocaleString('en-US')}</td>
							<td className="py-2 pe-4">{job.counts.error.toLocaleString('en-US')}</td>
						</tr>
					))}
				</tbody>
			</table>
		</TableScroll>
	)
}
