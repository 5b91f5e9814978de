import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type MouseEvent } from 'react'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { FieldErrors, FormErrors } from '~/ui/field'
import {
	addQuestion,
	canRemoveQuestion,
	mergeDraft,
	optionInput,
	questionInput,
	removeQuestion,
	updateOption,
	updateQuestion,
	validateDraft,
	type DraftErrors,
} from './editor'
import type { Draft } from './schema'
import { formatNumber } from '~/platform/numbers'

const inputClass =
	'rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-indigo-700 focus:outline-2 focus:outline-indigo-700 aria-[invalid=true]:border-red-700'

/**
 * The template editor. Every control is a real form field and every change button a submit
 * button with an `intent`, so without JavaScript each change posts the draft and the action
 * answers with the edited draft. With JavaScript the same rules run in place.
 */
export function TemplateEditor({
	initialDraft,
	errors: serverErrors,
	formErrors,
	busy,
}: {
	initialDraft: Draft
	errors: DraftErrors
	formErrors: string[]
	busy: boolean
}) {
	const { t } = useLingui()
	const [draft, setDraft] = useState(initialDraft)
	const [errors, setErrors] = useState(serverErrors)
	// A new answer from the action (an intent posted, or a refused save) replaces the local copy.
	const [source, setSource] = useState({ initialDraft, serverErrors })
	if (source.initialDraft !== initialDraft || source.serverErrors !== serverErrors) {
		setSource({ initialDraft, serverErrors })
		setDraft(initialDraft)
		setErrors(serverErrors)
	}

	const edit = (next: Draft) => setDraft(next)
	const restructure = (event: MouseEvent, next: Draft) => {
		event.preventDefault()
		setDraft(next)
		// Paths name questions by position, so they no longer fit once questions move.
		setErrors({})
	}

	function checkBeforeSave(event: FormEvent<HTMLFormElement>) {
		const submitter = (event.nativeEvent as SubmitEvent).submitter
		if (submitter instanceof HTMLButtonElement && submitter.value !== 'save') return
		const result = validateDraft(draft)
		if (!result.ok) {
			event.preventDefault()
			setErrors(result.errors)
			const first = Object.keys(result.errors)[0]
			if (first) document.getElementById(`field-${first}`)?.focus()
		}
	}

	const errorFor = (path: string) => errors[path]
	const described = (path: string) => (errors[path]?.length ? `field-${path}-error` : undefined)
	const fieldIds = (path: string) => ({
		id: `field-${path}`,
		'aria-invalid': errors[path]?.length ? true : undefined,
		'aria-describedby': described(path),
	})
	const removable = canRemoveQuestion(draft)
	const questionCount = formatNumber(draft.questions.length)

	return (
		<Form method="post" noValidate className="flex flex-col gap-6" onSubmit={checkBeforeSave}>
			{/* Pressing Enter in a text box submits with the form's first button: make that Save. */}
			<button
				type="submit"
				name="intent"
				value="save"
				className="sr-only"
				tabIndex={-1}
				aria-hidden="true"
			>
				<Trans>Save template</Trans>
			</button>
			<FormErrors id="template-form-errors" errors={formErrors} />
			<section
				aria-labelledby="template-details"
				className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6"
			>
				<h2 id="template-details" className="text-lg font-semibold">
					<Trans>Details</Trans>
				</h2>
				<div className="flex flex-col gap-1">
					<label htmlFor="field-title" className="text-sm font-medium text-slate-800">
						<Trans>Title</Trans>
					</label>
					<input
						name="title"
						type="text"
						className={inputClass}
						value={draft.title}
						onChange={(event) => edit(mergeDraft(draft, { title: event.target.value }))}
						maxLength={200}
						required
						{...fieldIds('title')}
					/>
					<FieldErrors id="field-title-error" errors={errorFor('title')} />
				</div>
				<div className="flex flex-col gap-1">
					<label htmlFor="field-description" className="text-sm font-medium text-slate-800">
						<Trans>Description (optional)</Trans>
					</label>
					<textarea
						name="description"
						rows={2}
						className={inputClass}
						value={draft.description}
						onChange={(event) => edit(mergeDraft(draft, { description: event.target.value }))}
						maxLength={2000}
						{...fieldIds('description')}
					/>
					<FieldErrors id="field-description-error" errors={errorFor('description')} />
				</div>
				<div className="flex flex-col gap-1">
					<label htmlFor="field-timeLimit" className="text-sm font-medium text-slate-800">
						<Trans>Time limit (minutes)</Trans>
					</label>
					<input
						name="timeLimit"
						type="number"
						inputMode="numeric"
						min={1}
						max={600}
						className={`${inputClass} w-32`}
						value={draft.timeLimit}
						onChange={(event) => edit(mergeDraft(draft, { timeLimit: event.target.value }))}
						required
						{...fieldIds('timeLimit')}
					/>
					<FieldErrors id="field-timeLimit-error" errors={errorFor('timeLimit')} />
				</div>
				<label className="flex items-center gap-2 text-sm font-medium text-slate-800">
					<input
						name="isActive"
						type="checkbox"
						className="size-4"
						checked={draft.isActive}
						onChange={(event) => edit(mergeDraft(draft, { isActive: event.target.checked }))}
					/>
					<Trans>Make this template available to students now</Trans>
				</label>
			</section>

			<section aria-labelledby="template-questions" className="flex flex-col gap-4">
				<h2 id="template-questions" className="text-lg font-semibold">
					<Trans>Questions ({questionCount})</Trans>
				</h2>
				<p className="text-sm text-slate-700">
					<Trans>
						Tick every correct option. Options left blank are not shown to students; each question
						needs at least 2.
					</Trans>
				</p>
				<FieldErrors id="field-questions-error" errors={errorFor('questions')} />
				<ol className="flex flex-col gap-4">
					{draft.questions.map((question, index) => {
						const textName = questionInput(index, 'questionText')
						const optionsName = questionInput(index, 'options')
						const number = formatNumber(index + 1)
						return (
							<li key={question.id}>
								<fieldset
									className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6"
									aria-describedby={described(optionsName)}
								>
									<legend className="px-1 font-semibold">
										<Trans>Question {number}</Trans>
									</legend>
									<input type="hidden" name={questionInput(index, 'id')} value={question.id} />
									<div className="flex flex-col gap-1">
										<label
											htmlFor={`field-${textName}`}
											className="text-sm font-medium text-slate-800"
										>
											<Trans>Question {number} text</Trans>
										</label>
										<textarea
											name={textName}
											rows={2}
											className={inputClass}
											value={question.questionText}
											onChange={(event) =>
												edit(
													updateQuestion(draft, question.id, { questionText: event.target.value }),
												)
											}
											{...fieldIds(textName)}
										/>
										<FieldErrors id={`field-${textName}-error`} errors={errorFor(textName)} />
									</div>
									<ul className="flex flex-col gap-2">
										{question.options.map((option, optionIndex) => {
											const optionName = optionInput(index, optionIndex, 'text')
											const optionNumber = formatNumber(optionIndex + 1)
											const label = t`Question ${number}, option ${optionNumber}`
											return (
												<li key={optionIndex} className="flex flex-col gap-1">
													<div className="flex flex-wrap items-center gap-3">
														<label
															htmlFor={`field-${optionName}`}
															className="w-20 text-sm font-medium text-slate-800"
														>
															<Trans>Option {optionNumber}</Trans>
														</label>
														<input
															aria-label={label}
															name={optionName}
															type="text"
															className={`${inputClass} min-w-0 flex-1`}
															value={option.text}
															onChange={(event) =>
																edit(
																	updateOption(draft, question.id, optionIndex, {
																		text: event.target.value,
																	}),
																)
															}
															maxLength={500}
															{...fieldIds(optionName)}
														/>
														<label className="flex items-center gap-2 text-sm">
															<input
																name={optionInput(index, optionIndex, 'isCorrect')}
																type="checkbox"
																className="size-4"
																checked={option.isCorrect}
																onChange={(event) =>
																	edit(
																		updateOption(draft, question.id, optionIndex, {
																			isCorrect: event.target.checked,
																		}),
																	)
																}
																aria-label={t`${label} is correct`}
															/>
															<span aria-hidden="true">
																<Trans>Correct</Trans>
															</span>
														</label>
													</div>
													<FieldErrors
														id={`field-${optionName}-error`}
														errors={errorFor(optionName)}
													/>
												</li>
											)
										})}
									</ul>
									<FieldErrors id={`field-${optionsName}-error`} errors={errorFor(optionsName)} />
									{removable ? (
										<div>
											<Button
												variant="secondary"
												name="intent"
												value={`remove-question:${question.id}`}
												onClick={(event) => restructure(event, removeQuestion(draft, question.id))}
											>
												<Trans>Remove question {number}</Trans>
											</Button>
										</div>
									) : (
										<p className="text-sm text-slate-600">
											<Trans>A template keeps at least one question.</Trans>
										</p>
									)}
								</fieldset>
							</li>
						)
					})}
				</ol>
				<div>
					<Button
						variant="secondary"
						name="intent"
						value="add-question"
						onClick={(event) => restructure(event, addQuestion(draft))}
					>
						<Trans>Add question</Trans>
					</Button>
				</div>
			</section>
			<div className="flex flex-wrap gap-3">
				<Button name="intent" value="save" disabled={busy}>
					{busy ? t`Saving…` : t`Save template`}
				</Button>
			</div>
		</Form>
	)
}
