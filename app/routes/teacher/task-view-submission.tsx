import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/task-view-submission'
import {
	getStudentSubmission,
	gradeSubmission,
	nextUngradedSubmission,
} from '~/features/tasks/api.server'
import { DateTime, FileLink, StatusBadge } from '~/features/tasks/components'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { gradeSchema, type Submission, type Task } from '~/features/tasks/schema'
import { readForm, replyWithUpstreamError } from '~/platform/form.server'
import { requireRole, upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { Button } from '~/ui/button'
import { FormErrors, inputProps, TextAreaField, textareaProps, TextField } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { useForm } from '~/ui/use-form'

const reviewPath = (taskId: string, studentId: string) =>
	`/teachersdashboard/tasks/view-submissions?taskId=${encodeURIComponent(taskId)}&studentId=${encodeURIComponent(studentId)}`
const submissionsPath = (taskId: string) =>
	`/teachersdashboard/tasks/submissions?taskId=${encodeURIComponent(taskId)}`

function readTarget(request: Request) {
	const params = new URL(request.url).searchParams
	const taskId = params.get('taskId')
	const studentId = params.get('studentId')
	if (!taskId || !studentId) throw data('Choose a submission to view', { status: 404 })
	return { taskId, studentId }
}

export async function loader({ context, request }: Route.LoaderArgs) {
	requireRole(context, request, 'tutor')
	const { taskId, studentId } = readTarget(request)
	try {
		const found = await getStudentSubmission(upstream(context, request), taskId, studentId)
		return { ...found, error: null, timeZone: viewerTimeZone(request).zone }
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		if (error.status === 404 || error.status === 400) throw data(error.text, { status: 404 })
		// Another teacher's task: refused as a page, not a 200 with an error message.
		if (error.status === 403) throw data(error.text, { status: 403 })
		return {
			task: null,
			submission: null,
			error: { text: error.text, toast: error.toast },
			timeZone: viewerTimeZone(request).zone,
		}
	}
}

export async function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'tutor')
	const { taskId } = readTarget(request)
	// A grade and its feedback are a few kilobytes; a larger body is not read into memory.
	const formData = await readForm(request, 64 * 1024)
	const submission = parseWithZod(formData, { schema: gradeSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	const api = upstream(context, request)
	const { submissionId, grade, feedback } = submission.value
	try {
		await gradeSubmission(api, submissionId, { grade, feedback })
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast('Task graded successfully'))
	// Straight on to the next work waiting for a grade; the list when there is none.
	const next = await nextUngradedSubmission(api, taskId).catch(() => null)
	return redirect(next ? reviewPath(taskId, next.student.id) : submissionsPath(taskId))
}

export function meta({ loaderData: data }: Route.MetaArgs) {
	return [
		{
			title: `${data?.submission ? `${data.submission.student.name}: ${data.submission.task.title}` : 'Submission'} | TutorHub`,
		},
	]
}

export default function ViewSubmission({ loaderData, actionData }: Route.ComponentProps) {
	const { task, submission, error, timeZone } = loaderData
	if (!task || !submission) {
		return (
			<div className="flex flex-col gap-4">
				<h1 className="text-2xl font-bold">Submission</h1>
				{error ? <LoadError error={error} /> : null}
			</div>
		)
	}
	return (
		<div className="flex flex-col gap-6">
			<div>
				<Link
					to={submissionsPath(task.id)}
					className="text-sm font-semibold text-indigo-800 underline"
				>
					Back to all submissions
				</Link>
				<h1 className="mt-2 text-2xl font-bold">
					{submission.student.name}: {task.title}
				</h1>
				<p className="text-slate-700">
					{task.courseTitle} · Due <DateTime iso={task.dueDate} timeZone={timeZone} />
				</p>
			</div>
			<section
				aria-labelledby="work-heading"
				className="rounded-lg border border-slate-200 bg-white p-6"
			>
				<h2 id="work-heading" className="text-lg font-semibold">
					Submitted work
				</h2>
				<dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
					<dt className="font-medium text-slate-600">Status</dt>
					<dd>
						<StatusBadge status={submission.status} />
					</dd>
					<dt className="font-medium text-slate-600">Student</dt>
					<dd>
						{submission.student.name} ({submission.student.email})
					</dd>
					<dt className="font-medium text-slate-600">Submitted at</dt>
					<dd>
						<DateTime iso={submission.submittedAt} timeZone={timeZone} />
					</dd>
					<dt className="font-medium text-slate-600">File</dt>
					<dd>
						{submission.file && submission.id ? (
							<FileLink
								href={`/teachersdashboard/tasks/file?submissionId=${encodeURIComponent(submission.id)}`}
								file={submission.file}
							/>
						) : (
							'No work handed in yet'
						)}
					</dd>
					{submission.comment ? (
						<>
							<dt className="font-medium text-slate-600">Student’s note</dt>
							<dd className="whitespace-pre-line">{submission.comment}</dd>
						</>
					) : null}
				</dl>
			</section>
			{submission.id ? (
				<GradeForm
					key={`${submission.id}-${submission.gradeInfo?.gradedAt ?? ''}`}
					task={task}
					submission={submission}
					lastResult={actionData}
				/>
			) : (
				<p className="text-slate-700">
					There is nothing to grade until {submission.student.name} hands in work.
				</p>
			)}
		</div>
	)
}

function GradeForm({
	submission,
	lastResult,
}: {
	task: Task
	submission: Submission
	lastResult: Route.ComponentProps['actionData']
}) {
	const navigation = useNavigation()
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
	const busy = navigation.state === 'submitting'
	return (
		<section
			aria-labelledby="grade-heading"
			className="rounded-lg border border-slate-200 bg-white p-6"
		>
			<h2 id="grade-heading" className="text-lg font-semibold">
				{submission.gradeInfo ? 'Change the grade' : 'Grade this work'}
			</h2>
			<Form method="post" className="mt-4 flex max-w-xl flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				<input type="hidden" name="submissionId" value={submission.id ?? ''} />
				<TextField
					label="Grade (0-100)"
					meta={fields.grade}
					{...inputProps(fields.grade, 'text')}
					inputMode="numeric"
					autoComplete="off"
				/>
				<TextAreaField
					label="Feedback (optional)"
					meta={fields.feedback}
					{...textareaProps(fields.feedback)}
					rows={5}
				/>
				<div>
					<Button disabled={busy}>{busy ? 'Saving grade…' : 'Save grade'}</Button>
				</div>
			</Form>
		</section>
	)
}
