import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { Form, useNavigate, useRevalidator } from 'react-router'
import { Button } from '~/ui/button'
import { ConformField, ConformTextArea, FormErrors } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import { FILE_ACCEPT, fileHint, submitTaskSchema } from './schema'
import { formatPercent } from '~/platform/numbers'

type Result = SubmissionResult<string[]>

/** The upload island's own JSON route (the page's action answers posts without JavaScript). */
const submitUrl = (taskId: string) =>
	`/studentdashboard/task-details/submit?taskId=${encodeURIComponent(taskId)}`

/** The JSON route's answer: where to go (the work was saved) or the form's result (refused). */
function readAnswer(body: unknown): { redirect: string } | { result: Result } | null {
	if (typeof body !== 'object' || body === null) return null
	if ('redirect' in body && typeof body.redirect === 'string') return { redirect: body.redirect }
	if ('result' in body && typeof body.result === 'object' && body.result !== null)
		return { result: body.result as Result }
	return null
}

/**
 * The student's submit form. Without JavaScript it is a plain multipart post. With JavaScript the
 * same action receives it through XMLHttpRequest, so the upload's progress can be shown; the answer
 * is then followed like a normal submission (redirect and toast, or the form's errors).
 */
export function SubmitWorkForm({
	taskId,
	lastResult,
	resubmission,
}: {
	taskId: string
	lastResult: Result | undefined
	resubmission: boolean
}) {
	const { t } = useLingui()
	const uploadFailed = t`The upload did not finish. Check your connection and try again.`
	const navigate = useNavigate()
	const revalidator = useRevalidator()
	const submitting = useSubmitting()
	const [progress, setProgress] = useState<number | null>(null)
	const [islandResult, setIslandResult] = useState<Result | undefined>(undefined)
	const [uploadError, setUploadError] = useState<string | null>(null)
	const uploading = useRef(false)

	const [form, fields] = useForm({
		id: 'submit-work',
		lastResult: islandResult ?? lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: submitTaskSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onSubmit(event, { formData }) {
			if (typeof XMLHttpRequest === 'undefined') return
			event.preventDefault()
			if (uploading.current) return
			uploading.current = true
			setUploadError(null)
			setProgress(0)
			const xhr = new XMLHttpRequest()
			xhr.open('POST', submitUrl(taskId))
			xhr.responseType = 'json'
			xhr.upload.addEventListener('progress', (progressEvent) => {
				if (progressEvent.lengthComputable)
					setProgress(Math.round((progressEvent.loaded / progressEvent.total) * 100))
			})
			const finish = () => {
				uploading.current = false
				setProgress(null)
			}
			xhr.addEventListener('load', () => {
				finish()
				const answer = readAnswer(xhr.response)
				if (answer && 'redirect' in answer) {
					setIslandResult(undefined)
					void navigate(answer.redirect, { replace: true })
				} else if (answer) {
					setIslandResult(answer.result)
					// A refusal from upstream queued the spec's toast: the root loader shows it.
					if (xhr.status !== 400 && xhr.status !== 413) void revalidator.revalidate()
				} else {
					setUploadError(uploadFailed)
				}
			})
			xhr.addEventListener('error', () => {
				finish()
				setUploadError(uploadFailed)
			})
			xhr.addEventListener('abort', finish)
			xhr.send(formData)
		},
	})
	const busy = progress !== null || submitting
	const uploaded = formatPercent(progress ?? 0)

	return (
		<Form
			method="post"
			encType="multipart/form-data"
			className="flex max-w-xl flex-col gap-4"
			{...getFormProps(form)}
		>
			<FormErrors
				id={form.errorId}
				errors={uploadError ? [uploadError, ...(form.errors ?? [])] : form.errors}
			/>
			<ConformField
				label={resubmission ? t`Replace your file` : t`Your file`}
				hint={fileHint()}
				meta={fields.file}
				type="file"
				accept={FILE_ACCEPT}
			/>
			<ConformTextArea label={t`Note to your teacher (optional)`} meta={fields.comment} rows={3} />
			{progress !== null ? (
				<div className="flex items-center gap-3" role="status">
					<progress
						className="h-3 w-64"
						max={100}
						value={progress}
						aria-label={t`Upload progress`}
					/>
					<span className="text-sm">{t`Uploading… ${uploaded}`}</span>
				</div>
			) : null}
			<div>
				<Button disabled={busy}>
					{busy ? t`Submitting…` : resubmission ? t`Resubmit task` : t`Submit task`}
				</Button>
			</div>
		</Form>
	)
}
