import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Form } from 'react-router'
import { formatNumber } from '~/platform/numbers'
import { Button } from '~/ui/button'
import { CsvDownload } from '~/ui/csv-download'
import { FormErrors } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import type { ExportKind } from './schema'

const EXPORT_LINKS: Record<ExportKind, string> = {
	scores: '/organization/score-input/export',
	'result-cards': '/organization/result-cards/export',
}

/**
 * A term's CSV file (issue 19): a download link while the term is small enough to stream; above
 * the API's limit (`streamLimit`, issue 28), a button that has the file prepared in the
 * background and leads to its page (docs/decisions/046).
 */
export function TermCsvExport({
	kind,
	term,
	students,
	streamLimit,
	children,
	lastResult,
}: {
	kind: ExportKind
	term: string
	/** Rows of the file: the term's students. */
	students: number
	streamLimit: number | null
	/** The link's words, for a small term. */
	children: React.ReactNode
	lastResult?: SubmissionResult<string[]>
}) {
	if (streamLimit === null || students <= streamLimit) {
		return (
			<CsvDownload href={`${EXPORT_LINKS[kind]}?${new URLSearchParams({ term }).toString()}`}>
				{children}
			</CsvDownload>
		)
	}
	return <PrepareExportForm kind={kind} term={term} students={students} lastResult={lastResult} />
}

export function PrepareExportForm({
	kind,
	term,
	students,
	lastResult,
}: {
	kind: ExportKind
	term: string
	students?: number
	lastResult?: SubmissionResult<string[]>
}) {
	const { t } = useLingui()
	const [form] = useForm({ id: `prepare-export-${kind}`, lastResult })
	const count = formatNumber(students ?? 0)
	const busy = useSubmitting('prepare-export')
	return (
		<Form
			method="post"
			action="/organization/exports"
			className="flex flex-col gap-2"
			{...getFormProps(form)}
		>
			<FormErrors id={form.errorId} errors={form.errors} />
			<input type="hidden" name="intent" value="prepare-export" />
			<input type="hidden" name="kind" value={kind} />
			<input type="hidden" name="term" value={term} />
			{students !== undefined ? (
				<p className="text-sm text-slate-700">
					<Trans>
						{term} has {count} students: the file is prepared in the background, and you get an
						email when it is ready.
					</Trans>
				</p>
			) : null}
			<div>
				<Button variant="secondary" disabled={busy}>
					{busy ? t`Starting…` : t`Prepare the file (CSV)`}
				</Button>
			</div>
		</Form>
	)
}
