import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Trans, useLingui } from '@lingui/react/macro'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { ConformField, ConformTextArea, FormErrors } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { useForm, useSubmitting } from '~/ui/use-form'
import { TextLink } from '~/ui/text-link'
import { DateTime, FileLink, StatusBadge } from './components'
import { gradeSchema, type Submission } from './schema'
import { submissionsPath } from './teacher-paths'
import type { loadSubmissionReview } from './teacher-submissions.server'
import { Detail, DetailList, Panel } from '~/ui/panel'

/** One student's work on a task, and the form that grades it. */
export function SubmissionReviewPage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadSubmissionReview>>
	actionData: SubmissionResult<string[]> | undefined
}) {
	const { t } = useLingui()
	const { task, submission, error, timeZone } = loaderData
	if (!task || !submission) {
		return (
			<div className="flex flex-col gap-4">
				<h1 className="text-2xl font-bold">
					<Trans>Submission</Trans>
				</h1>
				{error ? <LoadError error={error} /> : null}
			</div>
		)
	}
	const name = submission.student.name
	const title = task.title
	const email = submission.student.email
	return (
		<div className="flex flex-col gap-6">
			<div>
				<TextLink to={submissionsPath(task.id)} className="text-sm">
					<Trans>Back to all submissions</Trans>
				</TextLink>
				<h1 className="mt-2 text-2xl font-bold">
					{name}: {title}
				</h1>
				<p className="text-slate-700">
					{task.courseTitle} ·{' '}
					<Trans>
						Due <DateTime iso={task.dueDate} timeZone={timeZone} />
					</Trans>
				</p>
			</div>
			<Panel id="work-heading" title={t`Submitted work`}>
				<DetailList>
					<Detail term={t`Status`}>
						<StatusBadge status={submission.status} />
					</Detail>
					<Detail term={t`Student`}>
						{name} ({email})
					</Detail>
					<Detail term={t`Submitted at`}>
						<DateTime iso={submission.submittedAt} timeZone={timeZone} />
					</Detail>
					<Detail term={t`File`}>
						{submission.file && submission.id ? (
							<FileLink
								href={`/teachersdashboard/tasks/file?submissionId=${encodeURIComponent(submission.id)}`}
								file={submission.file}
							/>
						) : (
							t`No work handed in yet`
						)}
					</Detail>
					{submission.comment ? (
						<Detail term={t`Student’s note`} className="whitespace-pre-line">
							{submission.comment}
						</Detail>
					) : null}
				</DetailList>
			</Panel>
			{submission.id ? (
				<GradeForm
					key={`${submission.id}-${submission.gradeInfo?.gradedAt ?? ''}`}
					submission={submission}
					lastResult={actionData}
				/>
			) : (
				<p className="text-slate-700">
					<Trans>There is nothing to grade until {name} hands in work.</Trans>
				</p>
			)}
		</div>
	)
}

function GradeForm({
	submission,
	lastResult,
}: {
	submission: Submission
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const [form, fields] = useForm({
		id: `grade-${submission.id}`,
		lastResult,
		defaultValue: {
			grade: submission.gradeInfo ? String(submission.gradeInfo.grade) : '',
			feedback: submission.gradeInfo?.feedback ?? '',
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: gradeSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const { t } = useLingui()
	const busy = useSubmitting()
	return (
		<Panel
			id="grade-heading"
			title={submission.gradeInfo ? t`Change the grade` : t`Grade this work`}
		>
			<Form method="post" className="mt-4 flex max-w-xl flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				<input type="hidden" name="submissionId" value={submission.id ?? ''} />
				<ConformField
					label={t`Grade (0-100)`}
					meta={fields.grade}
					inputMode="numeric"
					autoComplete="off"
				/>
				<ConformTextArea label={t`Feedback (optional)`} meta={fields.feedback} rows={5} />
				<div>
					<Button disabled={busy}>{busy ? t`Saving grade…` : t`Save grade`}</Button>
				</div>
			</Form>
		</Panel>
	)
}
