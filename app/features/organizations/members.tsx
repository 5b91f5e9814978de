import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import type { User } from '~/features/users/schema'
import type { LoadFailure } from '~/platform/toast'
import { Button, buttonClass } from '~/ui/button'
import { ConfirmDisclosure } from '~/ui/confirm-disclosure'
import { ConformField, EmailField, FormErrors, PasswordField } from '~/ui/field'
import { ListSearch } from '~/ui/list-search'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import { useForm, useSubmitting } from '~/ui/use-form'
import { intlLocale } from '~/platform/i18n'
import { formatNumber } from '~/platform/numbers'
import { Table } from '~/ui/table'
import { existingStudentSchema, newMemberSchema, type Invitation } from './schema'

export type MemberKind = 'student' | 'teacher'

export type MemberList =
	| { ok: true; value: { members: User[]; total: number; page: number; totalPages: number } }
	| { ok: false; error: LoadFailure }

type ActionResult = SubmissionResult<string[]> | undefined

const numericDates = new Map<string, Intl.DateTimeFormat>()

/** '11/29/2026' in English, '29/11/2026' in French: the day a moment falls on in UTC. */
function numericDate(instant: string) {
	const locale = intlLocale()
	let format = numericDates.get(locale)
	if (!format)
		numericDates.set(locale, (format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC' })))
	return format.format(new Date(instant))
}

/** Which form an action's reply belongs to: conform echoes the submitted `intent`. */
function resultFor(result: ActionResult, intent: string) {
	const submitted = result?.initialValue?.intent
	return submitted === intent ? result : undefined
}

/** The students or teachers page: search, the paged list, and the forms that add people. */
export function MembersPage({
	kind,
	list,
	search,
	actionData,
	invitations = [],
}: {
	kind: MemberKind
	list: MemberList
	search: string
	actionData: ActionResult
	/** Students only: invitations sent and not yet answered. */
	invitations?: Invitation[]
}) {
	const { t } = useLingui()
	return (
		<div className="flex flex-col gap-8">
			<h1 className="text-2xl font-bold">
				{kind === 'student' ? <Trans>Students</Trans> : <Trans>Teachers</Trans>}
			</h1>
			<section aria-labelledby="list-heading" className="flex flex-col gap-3">
				<h2 id="list-heading" className="sr-only">
					{kind === 'student' ? t`Students of your organization` : t`Teachers of your organization`}
				</h2>
				<ListSearch
					id="member-search"
					name="search"
					label={t`Search by name or email`}
					value={search}
				/>
				{list.ok ? (
					<MemberTable kind={kind} search={search} {...list.value} />
				) : (
					<LoadError error={list.error} />
				)}
			</section>
			<div className="grid gap-6 lg:grid-cols-2">
				<NewMemberForm kind={kind} lastResult={resultFor(actionData, 'register')} />
				{kind === 'student' ? (
					<ExistingStudentForm lastResult={resultFor(actionData, 'attach')} />
				) : null}
			</div>
			{kind === 'student' ? <OpenInvitations invitations={invitations} /> : null}
		</div>
	)
}

function MemberTable({
	kind,
	search,
	members,
	total,
	page,
	totalPages,
}: {
	kind: MemberKind
	search: string
	members: User[]
	total: number
	page: number
	totalPages: number
}) {
	const { t } = useLingui()
	const student = kind === 'student'
	if (!members.length) {
		return (
			<p className="text-slate-700">
				{search
					? student
						? t`No students match “${search}”.`
						: t`No teachers match “${search}”.`
					: student
						? t`No students yet. Add one below.`
						: t`No teachers yet. Add one below.`}
			</p>
		)
	}
	const count = formatNumber(total)
	return (
		<>
			<Table
				label={student ? t`Students of your organization` : t`Teachers of your organization`}
				caption={
					student ? (
						<Trans>Students of your organization ({count})</Trans>
					) : (
						<Trans>Teachers of your organization ({count})</Trans>
					)
				}
				headers={[
					t`Name`,
					t`Email`,
					t`Account created`,
					student ? (
						<>
							<span className="sr-only">
								<Trans>Actions</Trans>
							</span>
						</>
					) : null,
				]}
			>
				{members.map((member) => (
					<tr key={member.id} className="border-t border-slate-200">
						<td className="px-4 py-2">{member.name}</td>
						<td className="px-4 py-2">{member.email}</td>
						<td className="px-4 py-2">{member.createdAt ? numericDate(member.createdAt) : ''}</td>
						{kind === 'student' ? (
							<td className="px-4 py-2">
								<RemoveStudent student={member} />
							</td>
						) : null}
					</tr>
				))}
			</Table>
			<Pagination
				page={page}
				totalPages={totalPages}
				label={student ? t`Student pages` : t`Teacher pages`}
			/>
		</>
	)
}

function NewMemberForm({ kind, lastResult }: { kind: MemberKind; lastResult: ActionResult }) {
	const [form, fields] = useForm({
		id: `new-${kind}`,
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: newMemberSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const busy = useSubmitting('register')
	const { t } = useLingui()
	const student = kind === 'student'
	return (
		<section
			aria-labelledby={`${form.id}-heading`}
			className="rounded-lg border border-slate-200 bg-white p-5"
		>
			<h2 id={`${form.id}-heading`} className="text-lg font-semibold">
				{student ? <Trans>Register a new student</Trans> : <Trans>Register a new teacher</Trans>}
			</h2>
			<p className="mt-1 text-sm text-slate-600">
				<Trans>
					Creates their account in your organization. Share the password with them; they log in at
					the usual login page.
				</Trans>
			</p>
			<Form method="post" className="mt-4 flex flex-col gap-3" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="register" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<div className="grid gap-3 sm:grid-cols-2">
					<ConformField label={t`First name`} meta={fields.firstName} autoComplete="off" required />
					<ConformField label={t`Last name`} meta={fields.lastName} autoComplete="off" required />
				</div>
				<EmailField meta={fields.email} autoComplete="off" />
				<PasswordField
					hint={t`At least 8 characters.`}
					meta={fields.password}
					autoComplete="new-password"
				/>
				<Button disabled={busy}>
					{busy ? (
						<Trans>Adding…</Trans>
					) : student ? (
						<Trans>Add student</Trans>
					) : (
						<Trans>Add teacher</Trans>
					)}
				</Button>
			</Form>
		</section>
	)
}

function ExistingStudentForm({ lastResult }: { lastResult: ActionResult }) {
	const [form, fields] = useForm({
		id: 'existing-student',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: existingStudentSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const busy = useSubmitting('attach')
	const { t } = useLingui()
	return (
		<section
			aria-labelledby="existing-student-heading"
			className="rounded-lg border border-slate-200 bg-white p-5"
		>
			<h2 id="existing-student-heading" className="text-lg font-semibold">
				<Trans>Invite an existing student</Trans>
			</h2>
			<p className="mt-1 text-sm text-slate-600">
				<Trans>
					A student who already has an account gets an invitation on their dashboard, and joins your
					organization when they accept it.
				</Trans>
			</p>
			<Form method="post" className="mt-4 flex flex-col gap-3" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="attach" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<EmailField label={t`Student’s email`} meta={fields.email} autoComplete="off" />
				<Button disabled={busy}>
					{busy ? <Trans>Sending…</Trans> : <Trans>Send invitation</Trans>}
				</Button>
			</Form>
		</section>
	)
}

/** Removing a student is asked first, in a disclosure that works without JavaScript. */
function RemoveStudent({ student }: { student: User }) {
	const { t } = useLingui()
	const name = student.name
	return (
		<ConfirmDisclosure
			summary={t`Remove`}
			summaryLabel={t`Remove ${name}`}
			question={t`Remove ${name} from your organization? They keep their account.`}
		>
			<Form method="post">
				<input type="hidden" name="intent" value="remove" />
				<input type="hidden" name="studentId" value={student.id} />
				<button type="submit" className={buttonClass('danger')}>
					<Trans>Yes, remove this student</Trans>
				</button>
			</Form>
		</ConfirmDisclosure>
	)
}

/** Invitations not yet answered: only the email typed, and a way to withdraw each. */
function OpenInvitations({ invitations }: { invitations: Invitation[] }) {
	const { t } = useLingui()
	return (
		<section
			aria-labelledby="invitations-heading"
			className="rounded-lg border border-slate-200 bg-white p-5"
		>
			<h2 id="invitations-heading" className="text-lg font-semibold">
				<Trans>Invitations waiting for an answer</Trans>
			</h2>
			{invitations.length ? (
				<ul className="mt-3 flex flex-col gap-2">
					{invitations.map((invitation) => {
						const email = invitation.email
						const sent = numericDate(invitation.createdAt)
						return (
							<li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2">
								<span className="break-all">
									{invitation.email}{' '}
									<span className="text-sm text-slate-600">
										<Trans>(sent {sent})</Trans>
									</span>
								</span>
								<Form method="post">
									<input type="hidden" name="intent" value="cancel-invitation" />
									<input type="hidden" name="invitationId" value={invitation.id} />
									<Button variant="secondary" aria-label={t`Cancel the invitation to ${email}`}>
										<Trans>Cancel invitation</Trans>
									</Button>
								</Form>
							</li>
						)
					})}
				</ul>
			) : (
				<p className="mt-2 text-sm text-slate-700">
					<Trans>No invitations are waiting.</Trans>
				</p>
			)}
		</section>
	)
}
