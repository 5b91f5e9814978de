import { useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { ConformField, FormErrors } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import type { CardForm } from './schema'

/**
 * The built-in test provider's card form (no Stripe keys): a plain form that posts to the
 * checkout action, with or without JavaScript. The card number is never kept by the app.
 */
export function TestCardForm({
	lastResult,
	payLabel,
}: {
	lastResult: SubmissionResult<string[]> | undefined
	payLabel: string
}) {
	const [form, fields] = useForm<CardForm>({
		id: 'test-card',
		// Validated by the checkout action (public pages ship no schema library; docs/decisions/010).
		lastResult,
	})
	const busy = useSubmitting()
	const { t } = useLingui()
	return (
		<Form
			method="post"
			className="flex flex-col gap-4"
			{...getFormProps(form)}
			aria-label={t`Card payment`}
		>
			<input type="hidden" name="intent" value="pay" />
			<FormErrors id={form.errorId} errors={form.errors} />
			<ConformField label={t`Name on card`} meta={fields.name} autoComplete="cc-name" required />
			<ConformField
				label={t`Card number`}
				meta={fields.cardNumber}
				inputMode="numeric"
				autoComplete="cc-number"
				placeholder="1234 1234 1234 1234"
				required
			/>
			<div className="grid grid-cols-2 gap-4">
				<ConformField
					label={t`Expiry (MM/YY)`}
					meta={fields.expiry}
					autoComplete="cc-exp"
					placeholder={t`MM/YY`}
					required
				/>
				<ConformField
					label={t`Security code (CVC)`}
					meta={fields.cvc}
					inputMode="numeric"
					autoComplete="cc-csc"
					required
				/>
			</div>
			<Button disabled={busy}>{busy ? t`Processing…` : payLabel}</Button>
		</Form>
	)
}
