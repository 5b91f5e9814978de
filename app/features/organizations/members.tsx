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
import { Table } from '~/ui/table'
import { existingStudentSchema, newMemberSchema, type Invitation } from './schema'

export type MemberKind = 'student' | 'teacher'

export type MemberList =
	| { ok: true; value: { members: User[]; total: number; page: number; totalPages: number } }
	| { ok: false; error: LoadFailure }

type ActionResult = SubmissionResult<string[]> | undefined

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
	const plural = kind === 'student' ? 'Students' : 'Teachers'
	return (
		<div className="flex flex-col gap-8">
			<h1 className="text-2xl font-bold">{plural}</h1>
			<section aria-labelledby="list-heading" className="flex flex-col gap-3">
				<h2 id="list-heading" className="sr-only">
					{plural} of your organization
				</h2>
				<ListSearch
					id="member-search"
					name="search"
					label="Search by name or email"
					value={search}
				/>
				{list.ok ? (
					<MemberTable kind={kind} plural={plural} search={search} {...list.value} />
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
	plural,
	search,
	members,
	total,
	page,
	totalPages,
}: {
	kind: MemberKind
	plural: string
	search: string
	members: User[]
	total: number
	page: number
	totalPages: number
}) {
	if (!members.length) {
		return (
			<p className="text-slate-700">
				{search
					? `No ${plural.toLowerCase()} match “${search}”.`
					: `No ${plural.toLowerCase()} yet. Add one below.`}
			</p>
		)
	}
	return (
		<>
			<Table
				label={`${plural} of your organization`}
				caption={
					<>
						{plural} of your organization ({total})
					</>
				}
				headers={[
					'Name',
					'Email',
					'Account created',
					kind === 'student' ? (
						<>
							<span className="sr-only">Actions</span>
						</>
					) : null,
				]}
			>
				{members.map((member) => (
					<tr key={member.id} className="border-t border-slate-200">
						<td className="px-4 py-2">{member.name}</td>
						<td className="px-4 py-2">{member.email}</td>
						<td className="px-4 py-2">
							{member.createdAt
								? new Date(member.createdAt).toLocaleDateString('en-US', { timeZone: 'UTC' })
								: ''}
						</td>
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
				label={`${kind === 'student' ? 'Student' : 'Teacher'} pages`}
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
	return (
		<section
			aria-labelledby={`${form.id}-heading`}
			className="rounded-lg border border-slate-200 bg-white p-5"
		>
			<h2 id={`${form.id}-heading`} className="text-lg font-semibold">
				Register a new {kind}
			</h2>
			<p className="mt-1 text-sm text-slate-600">
				Creates their account in your organization. Share the password with them; they log in at the
				usual login page.
			</p>
			<Form method="post" className="mt-4 flex flex-col gap-3" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="register" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<div className="grid gap-3 sm:grid-cols-2">
					<ConformField label="First name" meta={fields.firstName} autoComplete="off" required />
					<ConformField label="Last name" meta={fields.lastName} autoComplete="off" required />
				</div>
				<EmailField meta={fields.email} autoComplete="off" />
				<PasswordField
					hint="At least 8 characters."
					meta={fields.password}
					autoComplete="new-password"
				/>
				<Button disabled={busy}>{busy ? 'Adding…' : `Add ${kind}`}</Button>
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
	return (
		<section
			aria-labelledby="existing-student-heading"
			className="rounded-lg border border-slate-200 bg-white p-5"
		>
			<h2 id="existing-student-heading" className="text-lg font-semibold">
				Invite an existing student
			</h2>
			<p className="mt-1 text-sm text-slate-600">
				A student who already has an account gets an invitation on their dashboard, and joins your
				organization when they accept it.
			</p>
			<Form method="post" className="mt-4 flex flex-col gap-3" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="attach" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<EmailField label="Student’s email" meta={fields.email} autoComplete="off" />
				<Button disabled={busy}>{busy ? 'Sending…' : 'Send invitation'}</Button>
			</Form>
		</section>
	)
}

/** Removing a student is asked first, in a disclosure that works without JavaScript. */
function RemoveStudent({ student }: { student: User }) {
	return (
		<ConfirmDisclosure
			summary="Remove"
			summaryLabel={`Remove ${student.name}`}
			question={`Remove ${student.name} from your organization? They keep their account.`}
		>
			<Form method="post">
				<input type="hidden" name="intent" value="remove" />
				<input type="hidden" name="studentId" value={student.id} />
				<button type="submit" className={buttonClass('danger')}>
					Yes, remove this student
				</button>
			</Form>
		</ConfirmDisclosure>
	)
}

/** Invitations not yet answered: only the email typed, and a way to withdraw each. */
function OpenInvitations({ invitations }: { invitations: Invitation[] }) {
	return (
		<section
			aria-labelledby="invitations-heading"
			className="rounded-lg border border-slate-200 bg-white p-5"
		>
			<h2 id="invitations-heading" className="text-lg font-semibold">
				Invitations waiting for an answer
			</h2>
			{invitations.length ? (
				<ul className="mt-3 flex flex-col gap-2">
					{invitations.map((invitation) => (
						<li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2">
							<span className="break-all">
								{invitation.email}{' '}
								<span className="text-sm text-slate-600">
									(sent{' '}
									{new Date(invitation.createdAt).toLocaleDateString('en-US', { timeZone: 'UTC' })})
								</span>
							</span>
							<Form method="post">
								<input type="hidden" name="intent" value="cancel-invitation" />
								<input type="hidden" name="invitationId" value={invitation.id} />
								<Button
									variant="secondary"
									aria-label={`Cancel the invitation to ${invitation.email}`}
								>
									Cancel invitation
								</Button>
							</Form>
						</li>
					))}
				</ul>
			) : (
				<p className="mt-2 text-sm text-slate-700">No invitations are waiting.</p>
			)}
		</section>
	)
}
