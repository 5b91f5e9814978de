import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps } from '@conform-to/react'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { ConformField, FormErrors } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import { formatCalendarDate } from '~/platform/dates'
import type { RouteData } from '~/platform/route-data'
import type { FindStudentFields } from './schema'
import type { findStudentAction } from './find-student.server'

export function FindStudentPage({
	actionData,
}: {
	actionData: RouteData<typeof findStudentAction> | undefined
}) {
	const busy = useSubmitting()
	const { t } = useLingui()
	const [form, fields] = useForm<FindStudentFields>({
		id: 'find-student',
		// Validated by the action (public pages ship no schema library; docs/decisions/010).
		lastResult: actionData?.result,
	})
	const student = actionData?.student
	return (
		<div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10">
			<div>
				<h1 className="text-3xl font-bold">
					<Trans>Find a student</Trans>
				</h1>
				<p className="mt-2 text-slate-700">
					<Trans>Look up a registered student by their email address.</Trans>
				</p>
			</div>
			<Form
				method="post"
				className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6"
				{...getFormProps(form)}
			>
				<FormErrors id={form.errorId} errors={form.errors} />
				<ConformField label={t`Student email`} meta={fields.email} type="email" required />
				<div>
					<Button disabled={busy}>
						<Trans>Find student</Trans>
					</Button>
				</div>
			</Form>
			{student ? (
				<section
					aria-labelledby="student-heading"
					className="rounded-lg border border-slate-200 bg-white p-6"
				>
					<h2 id="student-heading" className="text-lg font-semibold">
						{student.name}
					</h2>
					<dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
						<dt className="text-slate-600">
							<Trans>Email</Trans>
						</dt>
						<dd>{student.email}</dd>
						{student.phone ? (
							<>
								<dt className="text-slate-600">
									<Trans>Phone</Trans>
								</dt>
								<dd>{student.phone}</dd>
							</>
						) : null}
						<dt className="text-slate-600">
							<Trans>Member since</Trans>
						</dt>
						<dd>{student.createdAt ? formatCalendarDate(student.createdAt, 'UTC') : t`Unknown`}</dd>
					</dl>
				</section>
			) : null}
		</div>
	)
}
