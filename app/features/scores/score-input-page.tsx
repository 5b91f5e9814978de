import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { CsvDownload } from '~/ui/csv-download'
import { FieldErrors, FormErrors } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import { TableScroll } from '~/ui/table-scroll'
import { useSubmitting } from '~/ui/use-form'
import { cellKey, cellName } from './grid'
import type { loadScoreGrid } from './score-input.server'

type ScoreGrid = Awaited<ReturnType<typeof loadScoreGrid>>
type SaveAnswer = {
	values: Record<string, string>
	cellErrors: Record<string, string>
	formErrors: string[]
}

/** The organization's score grid: term and subjects to show, one row per student, one cell per subject. */
export function ScoreInputPage({
	loaderData,
	actionData,
}: {
	loaderData: ScoreGrid
	actionData: SaveAnswer | undefined
}) {
	const saving = useSubmitting()
	if (loaderData.state === 'failed') {
		return (
			<div className="flex flex-col gap-6">
				<h1 className="text-2xl font-bold">Score input</h1>
				<LoadError error={loaderData.error} />
			</div>
		)
	}
	const { term, subjects, terms, pickerErrors, students } = loaderData
	const pickerValid =
		!pickerErrors.term && !pickerErrors.subjects && term !== '' && subjects.length > 0
	const values = actionData?.values ?? loaderData.values
	const cellErrors: Record<string, string> = actionData?.cellErrors ?? {}

	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">Score input</h1>
			<p className="max-w-3xl text-slate-700">
				Choose a term and the subjects, then enter or correct each student’s score from 0 to 100.
				Leave a cell empty to remove its score. If any cell is wrong, nothing is saved and the cell
				says why.
			</p>

			<Form
				method="get"
				className="flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 bg-white p-4"
			>
				<div className="flex flex-col gap-1">
					<label htmlFor="picker-term" className="text-sm font-medium text-slate-800">
						Term
					</label>
					<input
						id="picker-term"
						name="term"
						list="known-terms"
						defaultValue={loaderData.requestedTerm}
						placeholder="Term 1 2026"
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
						Subjects
					</label>
					<input
						id="picker-subjects"
						name="subjects"
						defaultValue={loaderData.requestedSubjects}
						placeholder="Mathematics, Science, English"
						aria-invalid={pickerErrors.subjects ? true : undefined}
						aria-describedby={`picker-subjects-hint${pickerErrors.subjects ? ' picker-subjects-error' : ''}`}
						className="rounded-md border border-slate-400 bg-white px-3 py-2"
					/>
					<p id="picker-subjects-hint" className="text-xs text-slate-600">
						Separate subjects with commas.
					</p>
					<FieldErrors id="picker-subjects-error" errors={pickerErrors.subjects} />
				</div>
				<Button variant="secondary" className="mt-6">
					Show score grid
				</Button>
			</Form>

			{terms.includes(term) ? (
				<p>
					<CsvDownload
						href={`/organization/score-input/export?${new URLSearchParams({ term }).toString()}`}
					>
						Download scores for {term}
					</CsvDownload>
				</p>
			) : null}

			{!students.ok ? (
				<LoadError error={students.error} />
			) : !pickerValid ? (
				<p className="text-slate-700">
					Enter a term and at least one subject to show the score grid.
				</p>
			) : students.value.list.length === 0 ? (
				<p className="text-slate-700">Your organization has no students yet. Add students first.</p>
			) : (
				// Rebuilt only when the stored scores or the grid's term and subjects change, so a refused
				// save keeps what the user is typing while the page revalidates.
				<Form
					method="post"
					key={JSON.stringify([term, subjects, loaderData.values])}
					className="flex flex-col gap-4"
					noValidate
				>
					<input type="hidden" name="term" value={term} />
					<input type="hidden" name="subjects" value={subjects.join(', ')} />
					<input type="hidden" name="page" value={students.value.page} />
					<FormErrors id="score-grid-errors" errors={actionData?.formErrors} />
					<TableScroll label={`Scores for ${term}`}>
						<table className="w-full text-left text-sm">
							<caption className="px-4 py-3 text-left font-semibold">Scores for {term}</caption>
							<thead className="bg-slate-100 text-slate-700">
								<tr>
									<th scope="col" className="px-4 py-2">
										Student
									</th>
									{subjects.map((subject) => (
										<th scope="col" key={subject} className="px-4 py-2">
											{subject}
										</th>
									))}
								</tr>
							</thead>
							<tbody>
								{students.value.list.map((student) => (
									<tr key={student.id} className="border-t border-slate-200 align-top">
										<th scope="row" className="px-4 py-2 font-medium">
											{student.name}
										</th>
										{subjects.map((subject) => {
											const cell = cellKey(student.id, subject)
											const error = cellErrors[cell]
											const errorId = `cell-${student.id}-${subjects.indexOf(subject)}-error`
											return (
												<td key={subject} className="px-4 py-2">
													<input
														name={cellName(student.id, subject)}
														defaultValue={values[cell] ?? ''}
														inputMode="decimal"
														autoComplete="off"
														aria-label={`${subject} score for ${student.name}`}
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
								))}
							</tbody>
						</table>
					</TableScroll>
					<div className="flex flex-wrap items-center gap-4">
						<Button disabled={saving}>{saving ? 'Saving…' : 'Save scores'}</Button>
						<Pagination
							page={students.value.page}
							totalPages={students.value.totalPages}
							label="Student pages"
						/>
					</div>
				</Form>
			)}
		</div>
	)
}
