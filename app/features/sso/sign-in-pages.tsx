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
			No school account? <TextLink to="/login">Log in with a password</TextLink>
		</p>
	)
}

/** "Sign in with your school": the visitor's email finds their organization's provider. */
export function FindSchoolPage({ actionData }: { actionData: Result }) {
	const [form, fields] = useForm<FindSchoolFields>({
		id: 'find-school',
		lastResult: actionData,
		// Validated by the action (public pages ship no schema library; docs/decisions/010).
	})
	const busy = useSubmitting()
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">Sign in with your school</h1>
			<p className="mt-3 text-slate-700">
				Enter your school email address. If your organization signs you in with its own accounts, we
				take you to its sign-in page.
			</p>
			<Form method="post" className="mt-6 flex flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				<EmailField label="School email" meta={fields.email} />
				<Button disabled={busy}>{busy ? 'Looking…' : 'Continue'}</Button>
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
				<h1 className="mb-4 text-3xl font-bold">Sign in with your school</h1>
				{failure ? <LoadError error={failure} /> : null}
				<PasswordInstead />
			</div>
		)
	}
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">{sso.organizationName}</h1>
			<p className="mt-3 text-slate-700">
				{sso.organizationName} signs you in with your {sso.providerName} account.
			</p>
			{/* A whole-page navigation: the provider's page is on another site. */}
			<a
				className={`${buttonClass()} mt-6 w-full`}
				href={`/login/sso/${sso.organizationId}/start${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`}
			>
				Sign in with {sso.providerName}
			</a>
			<PasswordInstead />
		</div>
	)
}

/** A school sign-in that did not open a session: why, and the ways on. */
export function SchoolSignInRefusedPage({ message }: { message: string }) {
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">You are not signed in</h1>
			<p role="alert" className="mt-3 text-slate-700">
				{message}
			</p>
			<p className="mt-6 text-sm text-slate-700">
				<TextLink to="/login/sso">Sign in with your school again</TextLink> or{' '}
				<TextLink to="/login">log in with a password</TextLink>.
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
	const [form, fields] = useForm<LinkConsentFields>({
		id: 'link-consent',
		lastResult: actionData,
		// Validated by the action (public pages ship no schema library; docs/decisions/010).
	})
	const busy = useSubmitting()
	if (!link) {
		return (
			<div className="mx-auto max-w-md px-4 py-12">
				<h1 className="text-3xl font-bold">Nothing to link</h1>
				<p className="mt-3 text-slate-700">
					No school sign-in is waiting to be linked to an account. It may have taken too long.
				</p>
				<FormErrors id={form.errorId} errors={form.errors} />
				<p className="mt-6 text-sm text-slate-700">
					<TextLink to="/login/sso">Sign in with your school again</TextLink> or{' '}
					<TextLink to="/login">log in with a password</TextLink>.
				</p>
			</div>
		)
	}
	const { organizationName: org, providerName: provider } = link
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">Link your {provider} sign-in?</h1>
			<p className="mt-3 text-slate-700">
				<strong>{org}</strong> wants to link its <strong>{provider}</strong> sign-in to your
				TutorHub account <strong>{link.email}</strong>.
			</p>
			<ul className="mt-3 list-disc ps-5 text-slate-700">
				<li>After linking, {provider} can sign you in to TutorHub without your password.</li>
				{link.join ? (
					<li>
						You will also join {org}, and {org} will see you as a member.
					</li>
				) : (
					<li>You are already a member of {org}.</li>
				)}
				<li>
					We will send a mail to {link.email} about it. You can remove the link at any time in your
					profile, under &quot;Where you are signed in&quot;.
				</li>
			</ul>
			<p className="mt-3 text-slate-700">
				Only link if you know {org} and you have just signed in with {provider} yourself. If not,
				choose &quot;Don&apos;t link&quot;.
			</p>
			<Form method="post" className="mt-6 flex flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				<PasswordField label="Your TutorHub password" meta={fields.password} />
				<ConformField
					label="Two-factor code (only if you turned on two-factor sign-in)"
					meta={fields.code}
					autoComplete="one-time-code"
					inputMode="numeric"
				/>
				<div className="flex flex-wrap gap-3">
					<Button name="intent" value="link" disabled={busy}>
						{busy ? 'Linking…' : 'Link my account'}
					</Button>
					<Button name="intent" value="cancel" variant="secondary" formNoValidate disabled={busy}>
						Don&apos;t link
					</Button>
				</div>
			</Form>
		</div>
	)
}
