import { Trans, useLingui } from '@lingui/react/macro'
import { formatNumber } from '~/platform/numbers'
import type { QuestionReview } from './schema'

/** Every question with the student's answer and the correct one(s), in words as well as colour. */
export function ResultReview({ review }: { review: QuestionReview[] }) {
	const { t } = useLingui()
	return (
		<ol className="flex flex-col gap-4">
			{review.map((question, index) => {
				const number = formatNumber(index + 1)
				const text = question.questionText
				return (
					<li key={question.questionId} className="rounded-lg border border-slate-200 bg-white p-6">
						<h3 className="font-semibold">
							<Trans>
								Question {number}: {text}
							</Trans>
						</h3>
						<p
							className={`mt-1 text-sm font-semibold ${question.isCorrect ? 'text-green-800' : 'text-red-800'}`}
						>
							{question.isCorrect
								? t`Correct`
								: question.chosenOptionId === null
									? t`Not answered`
									: t`Incorrect`}
						</p>
						<ul className="mt-3 flex flex-col gap-1 text-sm">
							{question.options.map((option) => {
								const chosen = option.id === question.chosenOptionId
								const notes = [
									chosen ? t`your answer` : null,
									option.isCorrect ? t`correct answer` : null,
								].filter(Boolean)
								return (
									<li
										key={option.id}
										className={`rounded-md border px-3 py-2 ${option.isCorrect ? 'border-green-300 bg-green-50' : chosen ? 'border-red-300 bg-red-50' : 'border-slate-200'}`}
									>
										{option.text}
										{notes.length ? (
											<span className="ms-2 font-semibold">({notes.join(', ')})</span>
										) : null}
									</li>
								)
							})}
						</ul>
					</li>
				)
			})}
		</ol>
	)
}
