import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import type { LoadFailure } from '~/platform/toast'
import { Button } from '~/ui/button'
import { CsvDownload } from '~/ui/csv-download'
import { ConformField, FormErrors } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { formatNumber } from '~/platform/numbers'
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
		<div className="flex flex-col gap-8 wrap-break-word">
			<h1 className="text-2xl font-bold">
				<Trans>Roster</Trans>
			</h1>
			<UploadForm lastResult={lastResult} />
			<section
				aria-labelledby="export-heading"
				className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6"
			>
				<h2 id="export-heading" className="text-lg font-semibold">
					<Trans>Export the roster</Trans>
				</h2>
				<p className="text-slate-700">
					<Trans>
						Your students and teachers in the template&apos;s columns: edit the file in a
						spreadsheet and import it again.
					</Trans>
				</p>
				<div>
					<CsvDownload href="/organization/roster/export">
						<Trans>Download the roster</Trans>
					</CsvDownload>
				</div>
			</section>
			<section aria-labelledby="imports-heading" className="flex flex-col gap-3">
				<h2 id="imports-heading" className="text-lg font-semibold">
					<Trans>Recent imports</Trans>
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
	const { t } = useLingui()
	return (
		<section
			aria-labelledby="upload-heading"
			className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6"
		>
			<h2 id="upload-heading" className="text-lg font-semibold">
				<Trans>Import a roster</Trans>
			</h2>
			<p className="text-slate-700">
				<Trans>
					Fill in the template (role <code>student</code> or <code>teacher</code>, first name, last
					name, email, department as named on the Departments page, and an optional student number)
					and upload it as CSV, comma or semicolon separated, up to 10,000 rows. You see what each
					row will do before anything is written. New people get a mail to choose their password;
					students who already have an account get an invitation to accept.
				</Trans>
			</p>
			<div>
				<CsvDownload href="/organization/roster/template">
					<Trans>Download the template</Trans>
				</CsvDownload>
			</div>
			<Form
				method="post"
				encType="multipart/form-data"
				className="flex flex-col gap-4"
				{...getFormProps(form)}
			>
				<FormErrors id={form.errorId} errors={form.errors} />
				<ConformField
					label={t`Roster file (CSV)`}
					hint={t`At most 2 MB and 10,000 rows.`}
					meta={fields.file}
					type="file"
					accept=".csv,text/csv"
				/>
				<div>
					<Button disabled={busy}>
						{busy ? <Trans>Reading the file…</Trans> : <Trans>Upload and preview</Trans>}
					</Button>
				</div>
			</Form>
		</section>
	)
}

function ImportList({ imports }: { imports: RosterImport[] }) {
	const { t, i18n } = useLingui()
	if (!imports.length) {
		return (
			<p className="text-slate-700">
				<Trans>No imports yet.</Trans>
			</p>
		)
	}
	return (
		<TableScroll label={t`Recent imports`}>
			<table className="w-full text-start text-sm">
				<thead>
					<tr className="border-b border-slate-300">
						<th scope="col" className="py-2 pe-4">
							<Trans>File</Trans>
						</th>
						<th scope="col" className="py-2 pe-4">
							<Trans>Status</Trans>
						</th>
						<th scope="col" className="py-2 pe-4">
							<Trans>Rows</Trans>
						</th>
						<th scope="col" className="py-2 pe-4">
							<Trans>With errors</Trans>
						</th>
					</tr>
				</thead>
				<tbody>
					{imports.map((job) => (
						<tr key={job.id} className="border-b border-slate-200">
							<td className="py-2 pe-4">
								<TextLink to={`/organization/roster/imports/${job.id}`}>{job.fileName}</TextLink>
							</td>
							<td className="py-2 pe-4">{i18n._(STATUS_LABELS[job.status])}</td>
							<td className="py-2 pe-4">{formatNumber(job.counts.rows)}</td>
							<td className="py-2 pe-4">{formatNumber(job.counts.error)}</td>
						</tr>
					))}
				</tbody>
			</table>
		</TableScroll>
	)
}
