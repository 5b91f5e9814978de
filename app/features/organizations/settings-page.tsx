import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { FormEvent } from 'react'
import { Form } from 'react-router'
import { AccountSettings } from '~/features/account/account-settings'
import { handlesOffline } from '~/platform/offline-forms'
import { useOfflineQueue } from '~/platform/use-offline-queue'
import { Button } from '~/ui/button'
import { ConformField, ConformSelect, ConformTextArea, FormErrors } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { useForm, useSubmitting } from '~/ui/use-form'
import type { RecoveryCodes } from '~/features/account/account.server'
import { OfflineWaiting } from '~/ui/offline-waiting'
import { organizationTypeNames, organizationTypes } from './organization-types'
import {
	ORGANIZATION_OFFLINE_KEY,
	organizationDeletionSchema,
	organizationSettingsSchema,
	type Organization,
} from './schema'
import type { loadOrganizationSettings } from './settings.server'
import { TeacherTwoFactorForm } from './teacher-two-factor-form'

type ActionResult = SubmissionResult<string[]> | undefined
const resultFor = (result: ActionResult, intent: string) =>
	result?.initialValue?.intent === intent ? result : undefined
const formResult = (result: ActionResult | RecoveryCodes): ActionResult =>
	result && 'recoveryCodes' in result ? undefined : result

/** The organization's settings: its details, the account forms, and deleting it. */
export function OrganizationSettingsPage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadOrganizationSettings>>
	actionData: ActionResult | RecoveryCodes
}) {
	const { organization, name } = loaderData
	// Offline, both forms are kept on this device and sent, in order, once back online.
	const { queued, queueWhenOffline } = useOfflineQueue(ORGANIZATION_OFFLINE_KEY)
	const waiting = queued.length
	return (
		<div className="flex max-w-2xl flex-col gap-8">
			<h1 className="text-2xl font-bold">
				<Trans>Settings</Trans>
			</h1>
			<OfflineWaiting waiting={waiting} />
			{organization.ok ? (
				<UpdateForm
					// A fresh form once the details change (a replayed offline edit), showing the saved values.
					key={JSON.stringify(organization.value)}
					organization={organization.value}
					lastResult={resultFor(formResult(actionData), 'update')}
					onValidSubmit={queueWhenOffline('UPDATE')}
				/>
			) : (
				<LoadError error={organization.error} />
			)}
			<TeacherTwoFactorForm
				required={loaderData.teachersNeedTwoFactor}
				lastResult={resultFor(formResult(actionData), 'teacher-two-factor')}
			/>
			<AccountSettings
				account={loaderData.account}
				timeZone={loaderData.timeZone}
				actionData={actionData}
			/>
			<DeleteForm
				name={name}
				lastResult={resultFor(formResult(actionData), 'delete')}
				onValidSubmit={queueWhenOffline('DELETE')}
			/>
		</div>
	)
}

type SubmitHandler = (event: FormEvent<HTMLFormElement>) => void

/** conform checks the form first, so an invalid form is never queued offline. */
const submitThen =
	(check: SubmitHandler, next: SubmitHandler) => (event: FormEvent<HTMLFormElement>) => {
		check(event)
		if (!event.defaultPrevented) next(event)
	}

function UpdateForm({
	organization,
	lastResult,
	onValidSubmit,
}: {
	organization: Organization
	lastResult: ActionResult
	onValidSubmit: SubmitHandler
}) {
	const [form, fields] = useForm({
		id: 'organization-settings',
		lastResult,
		defaultValue: {
			name: organization.name,
			type: organization.type,
			country: organization.country,
			phone: organization.phone ?? '',
			address: organization.address ?? '',
			website: organization.website ?? '',
			description: organization.description ?? '',
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: organizationSettingsSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const busy = useSubmitting('update')
	const { t, i18n } = useLingui()
	const email = organization.email
	return (
		<section
			aria-labelledby="update-heading"
			className="rounded-lg border border-slate-200 bg-white p-5"
		>
			<h2 id="update-heading" className="text-lg font-semibold">
				<Trans>Organization details</Trans>
			</h2>
			<p className="mt-1 text-sm text-slate-600">
				<Trans>Login email: {email}</Trans>
			</p>
			<Form
				method="post"
				className="mt-4 flex flex-col gap-3"
				{...getFormProps(form)}
				{...handlesOffline}
				onSubmit={submitThen(form.onSubmit, onValidSubmit)}
			>
				<input type="hidden" name="intent" value="update" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<ConformField
					label={t`Organization name`}
					meta={fields.name}
					autoComplete="organization"
					required
				/>
				<div className="grid gap-3 sm:grid-cols-2">
					<ConformSelect
						label={t`Kind of organization`}
						meta={fields.type}
						options={organizationTypes.map(({ value }) => ({
							value,
							label: i18n._(organizationTypeNames[value]),
						}))}
						required
					/>
					<ConformField
						label={t`Country`}
						meta={fields.country}
						autoComplete="country-name"
						required
					/>
				</div>
				<ConformField
					label={t`Phone (optional)`}
					meta={fields.phone}
					type="tel"
					autoComplete="tel"
				/>
				<ConformField
					label={t`Address (optional)`}
					meta={fields.address}
					autoComplete="address-line1"
				/>
				<ConformField
					label={t`Website (optional)`}
					meta={fields.website}
					type="url"
					placeholder="https://"
				/>
				<ConformTextArea label={t`Description (optional)`} meta={fields.description} rows={3} />
				<Button disabled={busy}>
					{busy ? <Trans>Saving…</Trans> : <Trans>Save changes</Trans>}
				</Button>
			</Form>
		</section>
	)
}

function DeleteForm({
	name,
	lastResult,
	onValidSubmit,
}: {
	name: string
	lastResult: ActionResult
	onValidSubmit: SubmitHandler
}) {
	const [form, fields] = useForm({
		id: 'delete-organization',
		lastResult,
		onValidate: ({ formData }) =>
			parseWithZod(formData, { schema: organizationDeletionSchema(name) }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const busy = useSubmitting('delete')
	return (
		<section
			aria-labelledby="delete-heading"
			className="rounded-lg border border-red-300 bg-red-50 p-5"
		>
			<h2 id="delete-heading" className="text-lg font-semibold text-red-900">
				<Trans>Delete this organization</Trans>
			</h2>
			<p className="mt-1 text-sm text-red-900">
				<Trans>
					Deleting removes your organization, its departments and all recorded scores for good.
					Teachers and students keep their own accounts but leave the organization. You will be
					logged out.
				</Trans>
			</p>
			<Form
				method="post"
				className="mt-4 flex flex-col gap-3"
				{...getFormProps(form)}
				{...handlesOffline}
				onSubmit={submitThen(form.onSubmit, onValidSubmit)}
			>
				<input type="hidden" name="intent" value="delete" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<ConformField
					label={
						<Trans>
							Type <strong>{name}</strong> to confirm
						</Trans>
					}
					meta={fields.confirmName}
					autoComplete="off"
					required
				/>
				<Button variant="danger" disabled={busy}>
					{busy ? <Trans>Deleting…</Trans> : <Trans>Delete organization</Trans>}
				</Button>
			</Form>
		</section>
	)
}
