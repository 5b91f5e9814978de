import type { SubmissionResult } from '@conform-to/react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Form, useNavigation } from 'react-router'
import { Link } from '~/ui/link'
import { formatNumber } from '~/platform/numbers'
import { Button, buttonClass } from '~/ui/button'
import { LoadError } from '~/ui/load-error'
import { quizResultPath } from './paths'
import type { loadTakeQuiz } from './take-quiz.server'
import { QuizTaking } from './quiz-taking'
import { FormErrors, formErrorsOf } from '~/ui/field'

/** The test's introduction with Start, or (with `?session=`) the test itself. */
export function TakeQuizPage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadTakeQuiz>>
	actionData: SubmissionResult<string[]> | undefined
}) {
	const { t } = useLingui()
	const navigation = useNavigation()
	// Not useSubmitting: Start stays busy while the page it redirected to loads, so a second press
	// cannot start (or resume) the attempt again.
	const starting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'start'
	if (loaderData.mode === 'session') {
		const { session, templateId, timeZone } = loaderData
		return (
			<div className="flex flex-col gap-4">
				<h1 className="text-2xl font-bold">{session.title}</h1>
				<FormErrors id="test-errors" errors={formErrorsOf(actionData)} />
				<QuizTaking
					key={session.id}
					session={session}
					timeZone={timeZone}
					progressUrl={`/studentdashboard/test/${encodeURIComponent(templateId)}/progress`}
					resultUrl={quizResultPath(session.id)}
				/>
			</div>
		)
	}
	const { template } = loaderData
	if (!template.ok) return <LoadError error={template.error} />
	const timeLimit = template.value.timeLimit
	return (
		<div className="flex max-w-2xl flex-col gap-4">
			<h1 className="text-2xl font-bold">{template.value.title}</h1>
			{template.value.description ? (
				<p className="text-slate-700">{template.value.description}</p>
			) : null}
			<dl className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-6 sm:grid-cols-[max-content_1fr]">
				<dt className="font-medium text-slate-600">
					<Trans>Questions</Trans>
				</dt>
				<dd>
					{formatNumber(template.value.questionCount ?? template.value.questions?.length ?? 0)}
				</dd>
				<dt className="font-medium text-slate-600">
					<Trans>Time limit</Trans>
				</dt>
				<dd>
					<Plural value={timeLimit} one="# minute" other="# minutes" />
				</dd>
				{template.value.createdByName ? (
					<>
						<dt className="font-medium text-slate-600">
							<Trans>Set by</Trans>
						</dt>
						<dd>{template.value.createdByName}</dd>
					</>
				) : null}
			</dl>
			<p className="text-slate-700">
				<Trans>
					The clock starts when you press Start and keeps running if you leave the page. If you
					already started this test, you continue where you left off, on any device. When the time
					is up, the test is submitted with your saved answers.
				</Trans>
			</p>
			<FormErrors id="start-errors" errors={formErrorsOf(actionData)} />
			<div className="flex flex-wrap gap-3">
				<Form method="post">
					<input type="hidden" name="intent" value="start" />
					<Button disabled={starting}>{starting ? t`Starting…` : t`Start test`}</Button>
				</Form>
				<Link to="/studentdashboard/qa/templates" className={buttonClass('secondary')}>
					<Trans>Back to available tests</Trans>
				</Link>
			</div>
		</div>
	)
}
