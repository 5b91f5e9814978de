import { Trans } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import type { Settled } from '~/platform/settle.server'
import { Button } from '~/ui/button'
import { FormErrors } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { useForm, useSubmitting } from '~/ui/use-form'

/** The settings' switch: the organization's teachers must sign in with two-factor (decision 037). */
export function TeacherTwoFactorForm({
	required,
	lastResult,
}: {
	required: Settled<boolean>
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const busy = useSubmitting('teacher-two-factor')
	const [form] = useForm({ id: 'teacher-two-factor', lastResult })
	return (
		<section
			aria-labelledby="teacher-two-factor-heading"
			className="rounded-lg border border-slate-200 bg-white p-6"
		>
			<h2 id="teacher-two-factor-heading" className="text-lg font-semibold">
				<Trans>Two-factor sign-in for teachers</Trans>
			</h2>
			{required.ok ? (
				<Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
					<input type="hidden" name="intent" value="teacher-two-factor" />
					<FormErrors id={form.errorId} errors={form.errors} />
					<label className="flex items-start gap-2 text-sm">
						<input
							type="checkbox"
							name="teachersNeedTwoFactor"
							defaultChecked={required.value}
							className="mt-0.5 h-4 w-4 shrink-0 accent-indigo-700"
						/>
						<Trans>
							Require two-factor sign-in of our teachers. A teacher without it is asked to set it up
							and can do nothing else until it is on.
						</Trans>
					</label>
					<Button variant="secondary" disabled={busy}>
						{busy ? <Trans>Saving…</Trans> : <Trans>Save two-factor setting</Trans>}
					</Button>
				</Form>
			) : (
				<LoadError error={required.error} />
			)}
		</section>
	)
}
