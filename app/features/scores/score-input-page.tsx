import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Form } from 'react-router'
import { TermCsvExport } from '~/features/scores/term-csv-export'
import { Button } from '~/ui/button'
import { FieldErrors, FormErrors } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import { Table } from '~/ui/table'
import { useForm, useSubmitting } from '~/ui/use-form'
import { cellKey, gridInput, typedCell, type ScoreGridForm } from './grid'
import type { loadScoreGrid } from './score-input.server'

type ScoreGrid = Awaited<ReturnType<typeof loadScoreGrid>>
type LoadedGrid = Extract<ScoreGrid, { state: 'loaded' }>
type Student = { id: string; name: string }

/** The organization's score grid: term and subjects to show, one row per student, one cell per subject. */
export function ScoreInputPage({
	loaderData,
	actionData,
}: {
	loaderData: ScoreGrid
	actionData: SubmissionResult<string[]> | undefined
}) {
	const { t } = useLingui()
	if (loaderData.state === 'failed') {
		return (
			<div className="flex flex-col gap-6">
				<h1 className="text-2xl font-bold">
					<Trans>Score input</Trans>
				</h1>
				<LoadError error={loaderData.error} />
			</div>
		)
	}
	const { term, subjects, terms, pickerErrors, students } = loaderData
	const pickerValid =
		!pickerErrors.term && !pickerErrors.subjects && term !== '' && subjects.length > 0

	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">
				<Trans>Score input</Trans>
			</h1>
			<p className="max-w-3xl text-slate-700">
				<Trans>
					Choose a term and the subjects, then enter or correct each student’s score from 0 to 100.
					Leave a cell empty to remove its score. If any cell is wrong, nothing is saved and the
					cell says why.
				</Trans>
			</p>

			<Form
				method="get"
				className="flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 bg-white p-4"
			>
				<div className="flex flex-col gap-1">
					<label htmlFor="picker-term" className="text-sm font-medium text-slate-800">
						<Trans>Term</Trans>
					</label>
					<input
						id="picker-term"
						name="term"
						list="known-terms"
						defaultValue={loaderData.requestedTerm}
						placeholder={t`Term 1 2026`}
						maxLength={50}
						aria-invalid={pickerErrors.term ? true : undefined}
						aria-describedby={pickerErrors.term ? 'picker-term-error' : undefined}
						className="rounded-md border border-slate-400 bg-white px-3 py-2"
					/>
					<datalist id="known-terms">
						{terms.map((known) => (
							<option key={known} value={known} />
						))}
					</datalist>
					<FieldErrors id="picker-term-error" errors={pickerErrors.term} />
				</div>
				<div className="flex min-w-72 flex-1 flex-col gap-1">
					<label htmlFor="picker-subjects" className="text-sm font-medium text-slate-800">
						<Trans>Subjects</Trans>
					</label>
					<input
						id="picker-subjects"
						name="subjects"
						defaultValue={loaderData.requestedSubjects}
						placeholder={t`Mathematics, Science, English`}
						aria-invalid={pickerErrors.subjects ? true : undefined}
						aria-describedby={`picker-subjects-hint${pickerErrors.subjects ? ' picker-subjects-error' : ''}`}
						className="rounded-md border border-slate-400 bg-white px-3 py-2"
					/>
					<p id="picker-subjects-hint" className="text-xs text-slate-600">
						<Trans>Separate subjects with commas.</Trans>
					</p>
					<FieldErrors id="picker-subjects-error" errors={pickerErrors.subjects} />
				</div>
				<Button variant="secondary" className="mt-6">
					<Trans>Show score grid</Trans>
				</Button>
			</Form>

			{terms.includes(term) ? (
				<div>
					<TermCsvExport
						kind="scores"
						term={term}
						students={students.ok ? students.value.total : 0}
						streamLimit={loaderData.streamLimit}
					>
						<Trans>Download scores for {term}</Trans>
					</TermCsvExport>
				</div>
			) : null}

			{!students.ok ? (
				<LoadError error={students.error} />
			) : !pickerValid ? (
				<p className="text-slate-700">
					<Trans>Enter a term and at least one subject to show the score grid.</Trans>
				</p>
			) : students.value.list.length === 0 ? (
				<p className="text-slate-700">
					<Trans>Your organization has no students yet. Add students first.</Trans>
				</p>
			) : (
				// Rebuilt only when the stored scores or the grid's term and subjects change, so a refused
				// save keeps what the user is typing while the page revalidates.
				<ScoreGridForm
					key={JSON.stringify([term, subjects, loaderData.values])}
					term={term}
					subjects={subjects}
					students={students.value.list}
					page={students.value.page}
					totalPages={students.value.totalPages}
					values={loaderData.values}
					lastResult={actionData}
				/>
			)}
		</div>
	)
}

/**
 * One page of students by the chosen subjects. Cells are named by position; the hidden inputs say
 * whose row and which subject's column each is. After a refused save every cell shows what was
 * typed (conform's reply), each wrong one with its message.
 */
function ScoreGridForm({
	term,
	subjects,
	students,
	page,
	totalPages,
	values,
	lastResult,
}: {
	term: string
	subjects: string[]
	students: Student[]
	page: number
	totalPages: number
	values: LoadedGrid['values']
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const { t } = useLingui()
	const [form, fields] = useForm<ScoreGridForm>({ id: 'score-grid', lastResult })
	const saving = useSubmitting()
	const cellErrors = fields.scores.allErrors
	// The term is a hidden input: its problems are the form's.
	const formErrors = [...(fields.term.errors ?? []), ...(form.errors ?? [])]
	return (
		<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
			<input type="hidden" name="term" value={term} />
			{subjects.map((subject, col) => (
				<input key={col} type="hidden" name={gridInput.subject(col)} value={subject} />
			))}
			{students.map((student, row) => (
				<input key={row} type="hidden" name={gridInput.student(row)} value={student.id} />
			))}
			<input type="hidden" name="page" value={page} />
			<FormErrors id={form.errorId} errors={formErrors} />
			<Table
				label={t`Scores for ${term}`}
				caption={t`Scores for ${term}`}
				headers={[t`Student`, ...subjects]}
			>
				{students.map((student, row) => {
					const studentName = student.name
					return (
						<tr key={student.id} className="border-t border-slate-200 align-top">
							<th scope="row" className="px-4 py-2 font-medium">
								{student.name}
							</th>
							{subjects.map((subject, col) => {
								const name = gridInput.cell(row, col)
								const error = cellErrors[name]?.[0]
								const errorId = `${form.id}-cell-${row}-${col}-error`
								return (
									<td key={subject} className="px-4 py-2">
										<input
											name={name}
											defaultValue={
												lastResult
													? typedCell(lastResult.initialValue, row, col)
													: (values[cellKey(student.id, subject)] ?? '')
											}
											inputMode="decimal"
											autoComplete="off"
											aria-label={t`${subject} score for ${studentName}`}
											aria-invalid={error ? true : undefined}
											aria-describedby={error ? errorId : undefined}
											className="w-20 rounded-md border border-slate-400 px-2 py-1 aria-[invalid=true]:border-red-700"
										/>
										{error ? (
											<p id={errorId} className="mt-1 max-w-40 text-xs text-red-700">
												{error}
											</p>
										) : null}
									</td>
								)
							})}
						</tr>
					)
				})}
			</Table>
			<div className="flex flex-wrap items-center gap-4">
				<Button disabled={saving}>{saving ? t`Saving…` : t`Save scores`}</Button>
				<Pagination page={page} totalPages={totalPages} label={t`Student pages`} />
			</div>
		</Form>
	)
}
