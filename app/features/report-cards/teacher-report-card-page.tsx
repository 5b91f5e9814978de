import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { ConformField, ConformTextArea, FormErrors } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import { TextLink } from '~/ui/text-link'
import { PrintButton, ReportCardView } from './report-card-view'
import { componentRows, reportCardFormSchema } from './schema'
import type { loadTeacherReportCard } from './teacher-report-card.server'

/** A student's report card for one course as the teacher sees it, with the form that writes it. */
export function TeacherReportCardPage({
	report,
	tutorId,
	actionData,
}: {
	report: Awaited<ReturnType<typeof loadTeacherReportCard>>
	tutorId: string
	actionData: SubmissionResult<string[]> | undefined
}) {
	const { student, course, reportCard } = report
	const rows = Array.from({ length: componentRows }, (_, index) => {
		const component = reportCard?.components[index]
		return {
			name: component?.name ?? '',
			score: component ? String(component.score) : '',
			remark: component?.remark ?? '',
		}
	})
	const [form, fields] = useForm({
		id: 'report-card',
		lastResult: actionData,
		defaultValue: {
			score: reportCard ? String(reportCard.score) : '',
			comments: reportCard?.comments ?? '',
			components: rows,
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: reportCardFormSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const componentFields = fields.components.getFieldList()
	const busy = useSubmitting()
	const { t } = useLingui()
	const name = student.name
	const courseTitle = course.title

	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">
					<Trans>
						Report card: {name}, {courseTitle}
					</Trans>
				</h1>
				<PrintButton />
			</div>
			<p className="flex flex-wrap gap-4 text-sm print:hidden">
				<TextLink to={`/teachersdashboard/report-card/${student.id}`}>
					<Trans>All of {name}&apos;s report cards</Trans>
				</TextLink>
				<TextLink
					to={`/teachersdashboard/certificate/${student.id}/${course.id}/${tutorId}/${encodeURIComponent(student.email)}`}
				>
					<Trans>Certificate for this course</Trans>
				</TextLink>
			</p>
			{reportCard ? (
				<ReportCardView
					courseTitle={course.title}
					card={{ ...reportCard, authorName: reportCard.author.name }}
				/>
			) : (
				<p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-700">
					<Trans>No report card yet.</Trans>
				</p>
			)}
			<section
				aria-labelledby="edit-heading"
				className="rounded-lg border border-slate-200 bg-white p-6 print:hidden"
			>
				<h2 id="edit-heading" className="text-lg font-semibold">
					{reportCard ? <Trans>Edit the report card</Trans> : <Trans>Write the report card</Trans>}
				</h2>
				<Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
					<FormErrors id={form.errorId} errors={form.errors} />
					<ConformField
						label={t`Overall score (0 to 100)`}
						meta={fields.score}
						type="number"
						min={0}
						max={100}
						step={1}
						required
					/>
					<fieldset className="flex flex-col gap-3">
						<legend className="text-sm font-semibold text-slate-800">
							<Trans>Subjects or components (optional)</Trans>
						</legend>
						{componentFields.map((row, index) => {
							const cells = row.getFieldset()
							const number = index + 1
							return (
								<div key={row.key} id={row.id} className="grid gap-3 sm:grid-cols-[2fr_1fr_3fr]">
									<ConformField label={t`Subject ${number}`} meta={cells.name} />
									<ConformField
										label={t`Score ${number}`}
										meta={cells.score}
										type="number"
										min={0}
										max={100}
										step={1}
									/>
									<ConformField label={t`Remark ${number}`} meta={cells.remark} />
								</div>
							)
						})}
					</fieldset>
					<ConformTextArea label={t`Comments (optional)`} meta={fields.comments} rows={3} />
					<div>
						<Button disabled={busy}>
							{busy ? <Trans>Saving…</Trans> : <Trans>Save report card</Trans>}
						</Button>
					</div>
				</Form>
			</section>
		</div>
	)
}
