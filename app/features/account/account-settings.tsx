import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { formatDateTime } from '~/platform/dates'
import type { Settled } from '~/platform/settle.server'
import { Button } from '~/ui/button'
import { ConformField, EmailField, FormErrors, type inputProps, PasswordField } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { useForm, useSubmitting } from '~/ui/use-form'
import {
	changeEmailSchema,
	changePasswordSchema,
	notificationKinds,
	type AccountIntent,
	type AccountStatus,
	type LinkedSignIn,
	type SignedInDevice,
} from './schema'

type Result = SubmissionResult<string[]> | undefined

/** An action's answer for one of the account forms, told apart by the `intent` it echoes. */
export function accountResult(actionData: unknown, intent: AccountIntent): Result {
	if (typeof actionData !== 'object' || actionData === null || !('initialValue' in actionData))
		return undefined
	const result = actionData as SubmissionResult<string[]>
	return result.initialValue?.intent === intent ? result : undefined
}

const sectionClass = 'rounded-lg border border-slate-200 bg-white p-6'

type Field = Parameters<typeof inputProps>[0]

function CurrentPasswordField({ field }: { field: Field }) {
	const { t } = useLingui()
	return <PasswordField label={t`Current password`} meta={field} />
}

/** A new password and its confirmation: the reset page and Change password ask the same way. */
export function NewPasswordFields({ password, confirm }: { password: Field; confirm: Field }) {
	const { t } = useLingui()
	return (
		<>
			<PasswordField
				label={t`New password`}
				hint={t`At least 8 characters.`}
				meta={password}
				autoComplete="new-password"
			/>
			<PasswordField label={t`Confirm new password`} meta={confirm} autoComplete="new-password" />
		</>
	)
}

export function ChangePasswordForm({ lastResult }: { lastResult: Result }) {
	const { t } = useLingui()
	const busy = useSubmitting('password')
	const [form, fields] = useForm({
		id: 'change-password',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<section aria-labelledby="change-password-heading" className={sectionClass}>
			<h2 id="change-password-heading" className="text-lg font-semibold">
				<Trans>Change password</Trans>
			</h2>
			<p className="mt-1 text-sm text-slate-600">
				<Trans>Every other device signed in to your account is logged out.</Trans>
			</p>
			<Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="password" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<CurrentPasswordField field={fields.currentPassword} />
				<div className="grid gap-4 sm:grid-cols-2">
					<NewPasswordFields password={fields.newPassword} confirm={fields.confirmPassword} />
				</div>
				<Button disabled={busy}>{busy ? t`Changing…` : t`Change password`}</Button>
			</Form>
		</section>
	)
}

export function ChangeEmailForm({
	account,
	lastResult,
}: {
	account: AccountStatus
	lastResult: Result
}) {
	const { t } = useLingui()
	const busy = useSubmitting('email')
	const [form, fields] = useForm({
		id: 'change-email',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const email = account.email
	const pendingEmail = account.pendingEmail
	return (
		<section aria-labelledby="change-email-heading" className={sectionClass}>
			<h2 id="change-email-heading" className="text-lg font-semibold">
				<Trans>Email address</Trans>
			</h2>
			<p className="mt-1 text-sm text-slate-700">
				{account.emailVerified ? (
					<Trans>
						Your email address is <strong className="break-all">{email}</strong> (verified).
					</Trans>
				) : (
					<Trans>
						Your email address is <strong className="break-all">{email}</strong> (not verified yet).
					</Trans>
				)}
			</p>
			{account.pendingEmail ? (
				<p role="status" className="mt-2 text-sm text-slate-700">
					<Trans>
						Waiting for you to confirm <strong className="break-all">{pendingEmail}</strong>: follow
						the link we sent there.
					</Trans>
				</p>
			) : null}
			<Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="email" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<div className="grid gap-4 sm:grid-cols-2">
					<EmailField
						label={t`New email address`}
						hint={t`It changes once you follow the link we send to it.`}
						meta={fields.email}
					/>
					<CurrentPasswordField field={fields.currentPassword} />
				</div>
				<Button variant="secondary" disabled={busy}>
					{busy ? t`Sending…` : t`Change email address`}
				</Button>
			</Form>
		</section>
	)
}

export function NotificationsForm({
	notifications,
	lastResult,
}: {
	notifications: Record<string, boolean>
	lastResult: Result
}) {
	const { t } = useLingui()
	const busy = useSubmitting('notifications')
	const [form] = useForm({ id: 'notifications', lastResult })
	return (
		<section aria-labelledby="notifications-heading" className={sectionClass}>
			<h2 id="notifications-heading" className="text-lg font-semibold">
				<Trans>Email notifications</Trans>
			</h2>
			<Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="notifications" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<fieldset className="flex flex-col gap-2">
					<legend className="mb-2 text-sm text-slate-700">
						<Trans>Send me an email when:</Trans>
					</legend>
					{notificationKinds.map(({ kind, label }) => (
						<label key={kind} className="flex items-start gap-2 text-sm">
							<input
								type="checkbox"
								name={kind}
								defaultChecked={notifications[kind] !== false}
								className="mt-0.5 h-4 w-4 shrink-0 accent-indigo-700"
							/>
							{t(label)}
						</label>
					))}
				</fieldset>
				<Button variant="secondary" disabled={busy}>
					{busy ? t`Saving…` : t`Save notification settings`}
				</Button>
			</Form>
		</section>
	)
}

/** "Where you are signed in": each open sign-in, this device first marked, each ended by its own button. */
export function SignedInDevices({
	sessions,
	timeZone,
	actionData,
}: {
	sessions: SignedInDevice[]
	timeZone: string
	actionData: unknown
}) {
	const { t } = useLingui()
	const endingOne = useSubmitting('end-session')
	const endingOthers = useSubmitting('end-other-sessions')
	const busy = endingOne || endingOthers
	const ended =
		accountResult(actionData, 'end-session') ?? accountResult(actionData, 'end-other-sessions')
	const others = sessions.filter((session) => !session.current).length
	return (
		<section aria-labelledby="devices-heading" className={sectionClass}>
			<h2 id="devices-heading" className="text-lg font-semibold">
				<Trans>Where you are signed in</Trans>
			</h2>
			<p className="mt-1 text-sm text-slate-600">
				<Trans>
					A device you log out here goes back to the login page the next time it opens a page.
				</Trans>
			</p>
			{ended?.error ? (
				<FormErrors
					id="devices-error"
					errors={Object.values(ended.error)
						.flat()
						.filter((error) => typeof error === 'string')}
				/>
			) : null}
			<ul
				className="mt-4 flex flex-col divide-y divide-slate-200"
				aria-label={t`Signed-in devices`}
			>
				{sessions.map((session) => (
					<li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
						<div className="text-sm">
							<p className="font-semibold">
								{session.device}
								{session.current ? (
									<span className="ms-2 rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
										<Trans>This device</Trans>
									</span>
								) : null}
							</p>
							<p className="text-slate-700">
								<SessionSeen
									address={session.address || t`Unknown address`}
									lastSeen={formatDateTime(session.lastSeenAt, timeZone)}
								/>
							</p>
							<p className="text-slate-600">
								<SignedInAt at={formatDateTime(session.signedInAt, timeZone)} />
							</p>
						</div>
						{session.current ? null : (
							<Form method="post">
								<input type="hidden" name="intent" value="end-session" />
								<input type="hidden" name="sessionId" value={session.id} />
								<Button
									variant="secondary"
									disabled={busy}
									aria-label={endSessionLabel(
										session.device,
										formatDateTime(session.lastSeenAt, timeZone),
									)}
								>
									<Trans>End session</Trans>
								</Button>
							</Form>
						)}
					</li>
				))}
			</ul>
			{others > 0 ? (
				<Form method="post" className="mt-4">
					<input type="hidden" name="intent" value="end-other-sessions" />
					<Button variant="secondary" disabled={busy}>
						<Trans>End all other sessions</Trans>
					</Button>
				</Form>
			) : (
				<p className="mt-4 text-sm text-slate-700">
					<Trans>You are signed in on this device only.</Trans>
				</p>
			)}
		</section>
	)
}

/**
 * "Linked school sign-ins" (decision 052): each organization's provider that may sign the account
 * in without its password, and a plain form to remove it.
 */
export function LinkedSignIns({
	links,
	timeZone,
	actionData,
}: {
	links: LinkedSignIn[]
	timeZone: string
	actionData: unknown
}) {
	const { t } = useLingui()
	const busy = useSubmitting('remove-link')
	const removed = accountResult(actionData, 'remove-link')
	return (
		<section aria-labelledby="linked-sign-ins-heading" className={sectionClass}>
			<h2 id="linked-sign-ins-heading" className="text-lg font-semibold">
				<Trans>Linked school sign-ins</Trans>
			</h2>
			<p className="mt-1 text-sm text-slate-600">
				<Trans>
					Each of these can sign you in to TutorHub without your password. Remove one you do not
					know: it then cannot sign you in (your membership of the organization stays).
				</Trans>
			</p>
			{removed?.error ? (
				<FormErrors
					id="linked-sign-ins-error"
					errors={Object.values(removed.error)
						.flat()
						.filter((error) => typeof error === 'string')}
				/>
			) : null}
			{links.length === 0 ? (
				<p className="mt-4 text-sm text-slate-700">
					<Trans>No school sign-in is linked to your account.</Trans>
				</p>
			) : (
				<ul
					className="mt-4 flex flex-col divide-y divide-slate-200"
					aria-label={t`Linked school sign-ins`}
				>
					{links.map((link) => (
						<li
							key={link.organizationId}
							className="flex flex-wrap items-center justify-between gap-3 py-3"
						>
							<div className="text-sm">
								<p className="font-semibold">
									<ProviderOf provider={link.providerName} organization={link.organizationName} />
								</p>
								<p className="text-slate-600">
									<LinkedAt at={formatDateTime(link.linkedAt, timeZone)} />
								</p>
							</div>
							<Form method="post">
								<input type="hidden" name="intent" value="remove-link" />
								<input type="hidden" name="organizationId" value={link.organizationId} />
								<Button
									variant="secondary"
									disabled={busy}
									aria-label={removeLabel(link.providerName, link.organizationName)}
								>
									<Trans>Remove</Trans>
								</Button>
							</Form>
						</li>
					))}
				</ul>
			)}
		</section>
	)
}

/** Two-factor sign-in (decision 033): set up from the QR code or the key, confirmed by a code. */
export function TwoFactorSettings({
	account,
	actionData,
	timeZone = 'UTC',
}: {
	account: AccountStatus
	actionData: unknown
	/** The viewer's zone, for when a request to turn it off takes effect. */
	timeZone?: string
}) {
	const { t } = useLingui()
	const busy = useSubmitting('two-factor-setup')
	const enabling = useSubmitting('two-factor-enable')
	const disabling = useSubmitting('two-factor-disable')
	const [setupForm, setupFields] = useForm<{ currentPassword: string }>({
		id: 'two-factor-setup',
		lastResult: accountResult(actionData, 'two-factor-setup'),
	})
	const [enableForm, enableFields] = useForm<{ code: string; currentPassword: string }>({
		id: 'two-factor-enable',
		lastResult: accountResult(actionData, 'two-factor-enable'),
		// Checked by the action only: a code is right or wrong there, not in the browser.
	})
	const [disableForm, disableFields] = useForm<{ currentPassword: string; code: string }>({
		id: 'two-factor-disable',
		lastResult: accountResult(actionData, 'two-factor-disable'),
	})
	const [cancelForm, cancelFields] = useForm<{ currentPassword: string; code: string }>({
		id: 'two-factor-recovery-cancel',
		lastResult: accountResult(actionData, 'two-factor-recovery-cancel'),
	})
	const cancelling = useSubmitting('two-factor-recovery-cancel')
	const recoveryCodes =
		typeof actionData === 'object' && actionData !== null && 'recoveryCodes' in actionData
			? (actionData as { recoveryCodes: string[] }).recoveryCodes
			: null
	const twoFactor = account.twoFactor
	if (!twoFactor) return null
	const setup = twoFactor.setup
	return (
		<section aria-labelledby="two-factor-heading" className={sectionClass}>
			<h2 id="two-factor-heading" className="text-lg font-semibold">
				<Trans>Two-factor sign-in</Trans>
			</h2>
			{twoFactor.enabled ? (
				<>
					<p className="mt-1 text-sm text-slate-700">
						<Trans>
							Two-factor sign-in is <strong>on</strong>: logging in also asks for a code from your
							authenticator app.
						</Trans>
					</p>
					{recoveryCodes ? (
						<div
							role="status"
							className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm"
						>
							<h3 className="font-semibold">
								<Trans>Your recovery codes</Trans>
							</h3>
							<p className="mt-1">
								<Trans>
									Keep them somewhere safe. Each works once, in place of a code, if you lose your
									phone. They are not shown again.
								</Trans>
							</p>
							<ul aria-label={t`Recovery codes`} className="mt-2 grid grid-cols-2 gap-1 font-mono">
								{recoveryCodes.map((code) => (
									<li key={code}>{code}</li>
								))}
							</ul>
						</div>
					) : null}
					{twoFactor.recoveryReadyAt ? (
						<div
							role="status"
							className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm"
						>
							<h3 className="font-semibold">
								<Trans>A request to turn it off is waiting</Trans>
							</h3>
							<p className="mt-1">
								<RecoveryWaiting at={formatDateTime(twoFactor.recoveryReadyAt, timeZone)} />
							</p>
							<Form
								method="post"
								className="mt-3 flex flex-col gap-4"
								{...getFormProps(cancelForm)}
							>
								<input type="hidden" name="intent" value="two-factor-recovery-cancel" />
								<FormErrors id={cancelForm.errorId} errors={cancelForm.errors} />
								<div className="grid gap-4 sm:grid-cols-2">
									<CurrentPasswordField field={cancelFields.currentPassword} />
									<ConformField
										label={t`Code from your app`}
										hint={t`Or one of your recovery codes.`}
										meta={cancelFields.code}
										autoComplete="one-time-code"
										required
									/>
								</div>
								<Button disabled={cancelling}>
									{cancelling ? t`Cancelling…` : t`Cancel the request`}
								</Button>
							</Form>
						</div>
					) : null}
					<Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(disableForm)}>
						<input type="hidden" name="intent" value="two-factor-disable" />
						<FormErrors id={disableForm.errorId} errors={disableForm.errors} />
						<div className="grid gap-4 sm:grid-cols-2">
							<CurrentPasswordField field={disableFields.currentPassword} />
							<ConformField
								label={t`Code from your app`}
								hint={t`Or one of your recovery codes.`}
								meta={disableFields.code}
								autoComplete="one-time-code"
								required
							/>
						</div>
						<Button variant="secondary" disabled={disabling}>
							{disabling ? t`Turning off…` : t`Turn off two-factor sign-in`}
						</Button>
					</Form>
				</>
			) : setup ? (
				<>
					<ol className="mt-2 flex list-decimal flex-col gap-3 ps-5 text-sm text-slate-700">
						<li>
							<Trans>
								Scan this QR code with an authenticator app (any app for one-time codes):
							</Trans>
							{account.setupQrCode ? (
								<img
									src={account.setupQrCode}
									alt={t`QR code for your authenticator app`}
									width={180}
									height={180}
									className="mt-2 rounded border border-slate-200 bg-white"
								/>
							) : null}
						</li>
						<li>
							<Trans>Or type this key into the app:</Trans>{' '}
							<code
								className="break-all rounded bg-slate-100 px-1 font-mono"
								data-testid="totp-key"
							>
								{setup.secret}
							</code>
						</li>
						<li>
							<Trans>Enter the 6-digit code the app shows.</Trans>
						</li>
					</ol>
					<Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(enableForm)}>
						<input type="hidden" name="intent" value="two-factor-enable" />
						<FormErrors id={enableForm.errorId} errors={enableForm.errors} />
						<div className="grid gap-4 sm:grid-cols-2">
							<ConformField
								label={t`Code from your app`}
								meta={enableFields.code}
								autoComplete="one-time-code"
								inputMode="numeric"
								required
							/>
							<CurrentPasswordField field={enableFields.currentPassword} />
						</div>
						<Button disabled={enabling}>
							{enabling ? t`Checking…` : t`Turn on two-factor sign-in`}
						</Button>
					</Form>
				</>
			) : (
				<>
					<p className="mt-1 text-sm text-slate-700">
						<Trans>
							Two-factor sign-in is off. With it on, logging in also asks for a code from an
							authenticator app on your phone, so your password alone does not open your account.
						</Trans>
					</p>
					<Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(setupForm)}>
						<input type="hidden" name="intent" value="two-factor-setup" />
						<FormErrors id={setupForm.errorId} errors={setupForm.errors} />
						<div className="sm:max-w-xs">
							<CurrentPasswordField field={setupFields.currentPassword} />
						</div>
						<Button variant="secondary" disabled={busy}>
							<Trans>Set up two-factor sign-in</Trans>
						</Button>
					</Form>
				</>
			)}
		</section>
	)
}

/**
 * The account part of a profile or settings page: password, email, (people) notification mails,
 * and where the account is signed in.
 */
export function AccountSettings({
	account,
	timeZone,
	actionData,
}: {
	account: Settled<AccountStatus>
	timeZone: string
	actionData: unknown
}) {
	if (!account.ok) return <LoadError error={account.error} />
	return (
		<>
			<ChangePasswordForm lastResult={accountResult(actionData, 'password')} />
			<ChangeEmailForm account={account.value} lastResult={accountResult(actionData, 'email')} />
			{account.value.notifications ? (
				<NotificationsForm
					notifications={account.value.notifications}
					lastResult={accountResult(actionData, 'notifications')}
				/>
			) : null}
			<TwoFactorSettings account={account.value} actionData={actionData} timeZone={timeZone} />
			<SignedInDevices
				sessions={account.value.sessions}
				timeZone={timeZone}
				actionData={actionData}
			/>
			{account.value.links ? (
				<LinkedSignIns links={account.value.links} timeZone={timeZone} actionData={actionData} />
			) : null}
		</>
	)
}

// Sentences with a value inside, each one message for translators.
function SessionSeen({ address, lastSeen }: { address: string; lastSeen: string }) {
	return (
		<Trans>
			{address} · last seen {lastSeen}
		</Trans>
	)
}

function SignedInAt({ at }: { at: string }) {
	return <Trans>Signed in {at}</Trans>
}

function LinkedAt({ at }: { at: string }) {
	return <Trans>Linked {at}</Trans>
}

function ProviderOf({ provider, organization }: { provider: string; organization: string }) {
	return (
		<Trans>
			{provider} of {organization}
		</Trans>
	)
}

function RecoveryWaiting({ at }: { at: string }) {
	return (
		<Trans>
			Someone asked to turn off two-factor sign-in without a code, and followed the link we mailed.
			On {at}, it turns off and the next login asks for the password alone. If it was not you,
			cancel it and change your password.
		</Trans>
	)
}

function endSessionLabel(device: string, lastSeen: string) {
	return t`End session: ${device}, last seen ${lastSeen}`
}

function removeLabel(provider: string, organization: string) {
	return t`Remove ${provider} of ${organization}`
}
