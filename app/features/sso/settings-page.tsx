import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { formatDateTime } from '~/platform/dates'
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
	const { sso, signInLink, redirectUri, timeZone } = loaderData
	const intent = actionData?.initialValue?.intent
	return (
		<div className="flex max-w-2xl flex-col gap-8">
			<h1 className="text-2xl font-bold">
				<Trans>Single sign-on</Trans>
			</h1>
			<p className="text-slate-700">
				<Trans>
					Let your students and teachers sign in with your school&apos;s own accounts (any OpenID
					Connect provider). Register TutorHub at your provider with the redirect URI{' '}
					<code className="rounded bg-slate-100 px-1 break-all">{redirectUri}</code>, then enter
					what it gives you. People on your lists sign in at once; anyone else is refused unless you
					let your email domains join.
				</Trans>
			</p>
			{signInLink ? (
				<p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm">
					<Trans>Single sign-on is on. Share this sign-in link:</Trans>{' '}
					<a className="font-semibold break-all text-indigo-800 underline" href={signInLink}>
						{signInLink}
					</a>
				</p>
			) : null}
			<SettingsForm
				key={JSON.stringify(sso)}
				sso={sso}
				lastResult={intent === 'remove' || intent === 'verify' ? undefined : actionData}
			/>
			{sso && sso.domainClaims.length > 0 ? (
				<DomainsSection
					claims={sso.domainClaims}
					timeZone={timeZone}
					lastResult={intent === 'verify' ? actionData : undefined}
				/>
			) : null}
			{sso ? (
				<RemoveForm
					lastResult={actionData?.initialValue?.intent === 'remove' ? actionData : undefined}
				/>
			) : null}
		</div>
	)
}

function SettingsForm({ sso, lastResult }: { sso: SsoSettings | null; lastResult: Result }) {
	const { t } = useLingui()
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
				<Trans>Identity provider</Trans>
			</h2>
			<Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="save" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<ConformField
					label={t`Provider name (shown on the button)`}
					meta={fields.providerName}
					placeholder={t`School Login`}
				/>
				<ConformField
					label={t`Issuer URL`}
					meta={fields.issuer}
					type="url"
					placeholder="https://login.school.edu"
				/>
				<ConformField label={t`Client ID`} meta={fields.clientId} />
				<ConformField
					label={t`Client secret`}
					meta={fields.clientSecret}
					type="password"
					autoComplete="off"
					hint={
						sso?.hasClientSecret
							? t`A secret is saved and never shown. Leave this empty to keep it.`
							: undefined
					}
				/>
				<ConformTextArea
					label={t`Allowed email domains`}
					meta={fields.domains}
					rows={2}
					hint={t`Separated by commas, e.g. school.edu, staff.school.edu`}
				/>
				<label className="flex items-start gap-2 text-sm">
					<input
						type="checkbox"
						name={fields.joinByDomain.name}
						defaultChecked={fields.joinByDomain.initialValue === 'on'}
						className="mt-0.5 h-4 w-4 shrink-0 accent-indigo-700"
					/>
					<Trans>
						Anyone with an address in these domains may join as a student at their first sign-in
					</Trans>
				</label>
				<Button disabled={busy}>{busy ? t`Saving…` : t`Save single sign-on`}</Button>
			</Form>
		</section>
	)
}

type DomainClaim = SsoSettings['domainClaims'][number]

/**
 * Each email domain with what proves it (decision 051): a TXT record the organization publishes at
 * the domain, then Verify. Until then, the domain counts nowhere.
 */
function DomainsSection({
	claims,
	timeZone,
	lastResult,
}: {
	claims: DomainClaim[]
	timeZone: string
	lastResult: Result
}) {
	const verifiedFor = lastResult?.initialValue?.domain
	return (
		<section aria-labelledby="sso-domains-heading" className={sectionClass}>
			<h2 id="sso-domains-heading" className="text-lg font-semibold">
				<Trans>Email domains</Trans>
			</h2>
			<p className="mt-2 text-sm text-slate-700">
				<Trans>
					A domain counts only once you prove your school holds it: until then nobody signs in with
					it for the first time, joins by it, or finds your school by it. Add a TXT record to the
					domain&apos;s DNS (where you manage its records, e.g. your registrar) with the value
					shown, then press Verify. Keep the record: we check it again every day, and a domain whose
					record is gone for three checks in a row is no longer verified.
				</Trans>
			</p>
			<ul className="mt-4 flex flex-col gap-4">
				{claims.map((claim) => (
					<DomainClaimItem
						key={claim.domain}
						claim={claim}
						timeZone={timeZone}
						lastResult={verifiedFor === claim.domain ? lastResult : undefined}
					/>
				))}
			</ul>
		</section>
	)
}

function DomainClaimItem({
	claim,
	timeZone,
	lastResult,
}: {
	claim: DomainClaim
	timeZone: string
	lastResult: Result
}) {
	const { t } = useLingui()
	const [form, fields] = useForm({ id: `sso-verify-${claim.domain}`, lastResult })
	const busy = useSubmitting('verify')
	const verified = claim.status === 'verified'
	const headingId = `sso-domain-${claim.domain}`
	const domain = claim.domain
	const failedChecks = claim.failedChecks
	const releasedAfter = claim.releasedAfter
	const fieldErrors = fields.domain?.errors
	const errors = fieldErrors?.length ? fieldErrors : form.errors
	return (
		<li className="rounded-md border border-slate-200 p-4">
			<h3 id={headingId} className="font-semibold break-all">
				{claim.domain}{' '}
				<span
					className={
						verified
							? 'ms-1 rounded bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900'
							: 'ms-1 rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900'
					}
				>
					{verified ? t`Verified` : t`Not verified yet`}
				</span>
			</h3>
			{verified ? (
				<p className="mt-2 text-sm text-slate-700">
					<Trans>Addresses in {domain} sign in with your provider.</Trans>
					{failedChecks > 0
						? ' ' +
							plural(failedChecks, {
								one: `Our last check could not find its TXT record: put it back, or the domain stops counting after ${releasedAfter} checks in a row.`,
								other: `Our last # checks could not find its TXT record: put it back, or the domain stops counting after ${releasedAfter} checks in a row.`,
							})
						: ''}
				</p>
			) : (
				<p className="mt-2 text-sm text-slate-700">
					<Trans>Publish this TXT record, then press Verify.</Trans>
				</p>
			)}
			<dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
				<dt className="font-medium">
					<Trans>Record type</Trans>
				</dt>
				<dd>
					<Trans>TXT</Trans>
				</dd>
				<dt className="font-medium">
					<Trans>Name (host)</Trans>
				</dt>
				<dd className="break-all">
					<code className="rounded bg-slate-100 px-1">{claim.txtRecord.name}</code>{' '}
					<Trans>(the domain itself: @ in a DNS panel for this domain)</Trans>
				</dd>
				<dt className="font-medium">
					<Trans>Value</Trans>
				</dt>
				<dd className="break-all">
					<code className="rounded bg-slate-100 px-1">{claim.txtRecord.value}</code>
				</dd>
				<dt className="font-medium">
					<Trans>Last checked</Trans>
				</dt>
				<dd>{claim.checkedAt ? formatDateTime(claim.checkedAt, timeZone) : t`Not yet`}</dd>
			</dl>
			<Form method="post" className="mt-3 flex flex-col gap-2" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="verify" />
				<input type="hidden" name="domain" value={claim.domain} />
				{errors?.length ? <FormErrors id={form.errorId} errors={errors} /> : null}
				<Button
					variant={verified ? 'secondary' : 'primary'}
					disabled={busy}
					aria-label={`${verified ? t`Check again` : t`Verify`} ${claim.domain}`}
					className="self-start"
				>
					{busy ? t`Checking…` : verified ? t`Check again` : t`Verify`}
				</Button>
			</Form>
		</li>
	)
}

function RemoveForm({ lastResult }: { lastResult: Result }) {
	const { t } = useLingui()
	const [form] = useForm({ id: 'sso-remove', lastResult })
	const busy = useSubmitting('remove')
	return (
		<section aria-labelledby="sso-remove-heading" className={sectionClass}>
			<h2 id="sso-remove-heading" className="text-lg font-semibold">
				<Trans>Turn single sign-on off</Trans>
			</h2>
			<p className="mt-2 text-sm text-slate-700">
				<Trans>
					Your people then log in with their passwords only (or set one with “Forgot password?”).
				</Trans>
			</p>
			<Form method="post" className="mt-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="remove" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<Button variant="secondary" disabled={busy}>
					{busy ? t`Turning off…` : t`Turn single sign-on off`}
				</Button>
			</Form>
		</section>
	)
}
