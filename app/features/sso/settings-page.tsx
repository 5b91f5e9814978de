import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { ConformField, ConformTextArea, FormErrors } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import { ssoSettingsFormSchema, type SsoSettings } from './schema'
import type { loadSsoSettings } from './settings.server'

type Result = SubmissionResult<string[]> | undefined
const sectionClass = 'rounded-lg border border-slate-200 bg-white p-6'

/**
 * Single sign-on: the organization's own identity provider (OpenID Connect). Its people sign in with
 * their school accounts; the client secret is kept by the API and never shown again.
 */
export function SsoSettingsPage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadSsoSettings>>
	actionData: Result
}) {
	const { sso, signInLink, redirectUri } = loaderData
	return (
		<div className="flex max-w-2xl flex-col gap-8">
			<h1 className="text-2xl font-bold">Single sign-on</h1>
			<p className="text-slate-700">
				Let your students and teachers sign in with your school&apos;s own accounts (any OpenID
				Connect provider). Register TutorHub at your provider with the redirect URI{' '}
				<code className="rounded bg-slate-100 px-1 break-all">{redirectUri}</code>, then enter what
				it gives you. People on your lists sign in at once; anyone else is refused unless you let
				your email domains join.
			</p>
			{signInLink ? (
				<p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm">
					Single sign-on is on. Share this sign-in link:{' '}
					<a className="font-semibold break-all text-indigo-800 underline" href={signInLink}>
						{signInLink}
					</a>
				</p>
			) : null}
			<SettingsForm
				key={JSON.stringify(sso)}
				sso={sso}
				lastResult={actionData?.initialValue?.intent === 'remove' ? undefined : actionData}
			/>
			{sso ? (
				<RemoveForm
					lastResult={actionData?.initialValue?.intent === 'remove' ? actionData : undefined}
				/>
			) : null}
		</div>
	)
}

function SettingsForm({ sso, lastResult }: { sso: SsoSettings | null; lastResult: Result }) {
	const [form, fields] = useForm({
		id: 'sso-settings',
		lastResult,
		defaultValue: {
			providerName: sso?.providerName ?? '',
			issuer: sso?.issuer ?? '',
			clientId: sso?.clientId ?? '',
			domains: sso?.domains.join(', ') ?? '',
			joinByDomain: sso?.joinByDomain ? 'on' : undefined,
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ssoSettingsFormSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const busy = useSubmitting('save')
	return (
		<section aria-labelledby="sso-provider-heading" className={sectionClass}>
			<h2 id="sso-provider-heading" className="text-lg font-semibold">
				Identity provider
			</h2>
			<Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="save" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<ConformField
					label="Provider name (shown on the button)"
					meta={fields.providerName}
					placeholder="School Login"
				/>
				<ConformField
					label="Issuer URL"
					meta={fields.issuer}
					type="url"
					placeholder="https://login.school.edu"
				/>
				<ConformField label="Client ID" meta={fields.clientId} />
				<ConformField
					label="Client secret"
					meta={fields.clientSecret}
					type="password"
					autoComplete="off"
					hint={
						sso?.hasClientSecret
							? 'A secret is saved and never shown. Leave this empty to keep it.'
							: undefined
					}
				/>
				<ConformTextArea
					label="Allowed email domains"
					meta={fields.domains}
					rows={2}
					hint="Separated by commas, e.g. school.edu, staff.school.edu"
				/>
				<label className="flex items-start gap-2 text-sm">
					<input
						type="checkbox"
						name={fields.joinByDomain.name}
						defaultChecked={fields.joinByDomain.initialValue === 'on'}
						className="mt-0.5 h-4 w-4 shrink-0 accent-indigo-700"
					/>
					Anyone with an address in these domains may join as a student at their first sign-in
				</label>
				<Button disabled={busy}>{busy ? 'Saving…' : 'Save single sign-on'}</Button>
			</Form>
		</section>
	)
}

function RemoveForm({ lastResult }: { lastResult: Result }) {
	const [form] = useForm({ id: 'sso-remove', lastResult })
	const busy = useSubmitting('remove')
	return (
		<section aria-labelledby="sso-remove-heading" className={sectionClass}>
			<h2 id="sso-remove-heading" className="text-lg font-semibold">
				Turn single sign-on off
			</h2>
			<p className="mt-2 text-sm text-slate-700">
				Your people then log in with their passwords only (or set one with “Forgot password?”).
			</p>
			<Form method="post" className="mt-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="remove" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<Button variant="secondary" disabled={busy}>
					{busy ? 'Turning off…' : 'Turn single sign-on off'}
				</Button>
			</Form>
		</section>
	)
}
