import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form, useSearchParams } from 'react-router'
import { safeRedirect } from '~/platform/safe-redirect'
import type { LoadFailure } from '~/platform/toast'
import { LoadError } from '~/ui/load-error'
import { Button, buttonClass } from '~/ui/button'
import { ConformField, EmailField, FormErrors, PasswordField } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import { TextLink } from '~/ui/text-link'
import type { FindSchoolFields, LinkConsentFields, PublicSso } from './schema'

type Result = SubmissionResult<string[]> | undefined

function PasswordInstead() {
	return (
		<p className="mt-6 text-sm text-slate-700">
			<Trans>
				No school account? <TextLink to="/login">Log in with a password</TextLink>
			</Trans>
		</p>
	)
}

/** "Sign in with your school": the visitor's email finds their organization's provider. */
export function FindSchoolPage({ actionData }: { actionData: Result }) {
	const { t } = useLingui()
	const [form, fields] = useForm<FindSchoolFields>({
		id: 'find-school',
		lastResult: actionData,
		// Validated by the action (public pages ship no schema library; docs/decisions/010).
	})
	const busy = useSubmitting()
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">
				<Trans>Sign in with your school</Trans>
			</h1>
			<p className="mt-3 text-slate-700">
				<Trans>
					Enter your school email address. If your organization signs you in with its own accounts,
					we take you to its sign-in page.
				</Trans>
			</p>
			<Form method="post" className="mt-6 flex flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				<EmailField label={t`School email`} meta={fields.email} />
				<Button disabled={busy}>{busy ? t`Looking…` : t`Continue`}</Button>
			</Form>
			<PasswordInstead />
		</div>
	)
}

/** An organization's own sign-in page (the link it shares): one button to its provider. */
export function SchoolSignInPage({
	sso,
	failure,
}: {
	sso: PublicSso | null
	failure: LoadFailure | null
}) {
	const [searchParams] = useSearchParams()
	const redirectTo = safeRedirect(searchParams.get('redirectTo'), '')
	if (!sso) {
		return (
			<div className="mx-auto max-w-md px-4 py-12">
				<h1 className="mb-4 text-3xl font-bold">
					<Trans>Sign in with your school</Trans>
				</h1>
				{failure ? <LoadError error={failure} /> : null}
				<PasswordInstead />
			</div>
		)
	}
	const organization = sso.organizationName
	const provider = sso.providerName
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">{sso.organizationName}</h1>
			<p className="mt-3 text-slate-700">
				<Trans>
					{organization} signs you in with your {provider} account.
				</Trans>
			</p>
			{/* A whole-page navigation: the provider's page is on another site. */}
			<a
				className={`${buttonClass()} mt-6 w-full`}
				href={`/login/sso/${sso.organizationId}/start${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`}
			>
				<Trans>Sign in with {provider}</Trans>
			</a>
			<PasswordInstead />
		</div>
	)
}

/** A school sign-in that did not open a session: why, and the ways on. */
export function SchoolSignInRefusedPage({ message }: { message: string }) {
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">
				<Trans>You are not signed in</Trans>
			</h1>
			<p role="alert" className="mt-3 text-slate-700">
				{message}
			</p>
			<p className="mt-6 text-sm text-slate-700">
				<Trans>
					<TextLink to="/login/sso">Sign in with your school again</TextLink> or{' '}
					<TextLink to="/login">log in with a password</TextLink>.
				</Trans>
			</p>
		</div>
	)
}

type PendingLink = { organizationName: string; providerName: string; email: string; join: boolean }

/**
 * Whether to link a school sign-in to the person's own account (decision 052): who asks, what
 * linking allows, and the account's password (and two-factor code) to say yes. Nothing links
 * without this form.
 */
export function LinkConsentPage({
	link,
	actionData,
}: {
	link: PendingLink | null
	actionData: Result
}) {
	const { t } = useLingui()
	const [form, fields] = useForm<LinkConsentFields>({
		id: 'link-consent',
		lastResult: actionData,
		// Validated by the action (public pages ship no schema library; docs/decisions/010).
	})
	const busy = useSubmitting()
	if (!link) {
		return (
			<div className="mx-auto max-w-md px-4 py-12">
				<h1 className="text-3xl font-bold">
					<Trans>Nothing to link</Trans>
				</h1>
				<p className="mt-3 text-slate-700">
					<Trans>
						No school sign-in is waiting to be linked to an account. It may have taken too long.
					</Trans>
				</p>
				<FormErrors id={form.errorId} errors={form.errors} />
				<p className="mt-6 text-sm text-slate-700">
					<Trans>
						<TextLink to="/login/sso">Sign in with your school again</TextLink> or{' '}
						<TextLink to="/login">log in with a password</TextLink>.
					</Trans>
				</p>
			</div>
		)
	}
	const { organizationName: org, providerName: provider, email } = link
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">
				<Trans>Link your {provider} sign-in?</Trans>
			</h1>
			<p className="mt-3 text-slate-700">
				<Trans>
					<strong>{org}</strong> wants to link its <strong>{provider}</strong> sign-in to your
					TutorHub account <strong>{email}</strong>.
				</Trans>
			</p>
			<ul className="mt-3 list-disc ps-5 text-slate-700">
				<li>
					<Trans>
						After linking, {provider} can sign you in to TutorHub without your password.
					</Trans>
				</li>
				{link.join ? (
					<li>
						<Trans>
							You will also join {org}, and {org} will see you as a member.
						</Trans>
					</li>
				) : (
					<li>
						<Trans>You are already a member of {org}.</Trans>
					</li>
				)}
				<li>
					<Trans>
						We will send a mail to {email} about it. You can remove the link at any time in your
						profile, under &quot;Where you are signed in&quot;.
					</Trans>
				</li>
			</ul>
			<p className="mt-3 text-slate-700">
				<Trans>
					Only link if you know {org} and you have just signed in with {provider} yourself. If not,
					choose &quot;Don&apos;t link&quot;.
				</Trans>
			</p>
			<Form method="post" className="mt-6 flex flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				<PasswordField label={t`Your TutorHub password`} meta={fields.password} />
				<ConformField
					label={t`Two-factor code (only if you turned on two-factor sign-in)`}
					meta={fields.code}
					autoComplete="one-time-code"
					inputMode="numeric"
				/>
				<div className="flex flex-wrap gap-3">
					<Button name="intent" value="link" disabled={busy}>
						{busy ? t`Linking…` : t`Link my account`}
					</Button>
					<Button name="intent" value="cancel" variant="secondary" formNoValidate disabled={busy}>
						<Trans>Don&apos;t link</Trans>
					</Button>
				</div>
			</Form>
		</div>
	)
}
