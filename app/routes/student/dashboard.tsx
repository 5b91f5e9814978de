import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import type { Route } from './+types/dashboard'
import { answerInvitation, getReceivedInvitations } from '~/features/organizations/api.server'
import { invitationAnswerSchema } from '~/features/organizations/schema'
import { LeaveOrganization, StudentInvitations } from '~/features/organizations/student-invitations'
import { getStudentProfile } from '~/features/users/api.server'
import { readForm, replyWithUpstreamError } from '~/platform/form.server'
import { requireRole, upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { LoadError } from '~/ui/load-error'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'student')
	const api = upstream(context, request)
	const [profile, invitations] = await Promise.all([
		settle(getStudentProfile(api, user.id)),
		settle(getReceivedInvitations(api)),
	])
	return { name: user.name, profile, invitations: invitations.ok ? invitations.value.invitations : [] }
}

const answered = { accept: 'Invitation accepted', decline: 'Invitation declined', leave: 'You left the organization' }

export async function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'student')
	const submission = parseWithZod(await readForm(request), { schema: invitationAnswerSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	try {
		await answerInvitation(upstream(context, request), submission.value)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast(answered[submission.value.intent]))
	return redirect('/studentdashboard')
}

// Built once: toLocaleDateString with options builds a new formatter on every call (~1 ms each).
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' })

export function meta() {
	return [{ title: 'Student dashboard | TutorHub' }]
}

export default function StudentDashboard({ loaderData }: Route.ComponentProps) {
	const { name, profile, invitations } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">Welcome, {name}</h1>
			<StudentInvitations invitations={invitations} />
			{profile.ok ? (
				<section aria-labelledby="profile-heading" className="rounded-lg border border-slate-200 bg-white p-6">
					<h2 id="profile-heading" className="text-lg font-semibold">
						Your account
					</h2>
					<dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
						<dt className="font-medium text-slate-600">Email</dt>
						<dd>{profile.value.email}</dd>
						<dt className="font-medium text-slate-600">Grade level</dt>
						<dd>{profile.value.gradeLevel ?? 'Not set'}</dd>
						<dt className="font-medium text-slate-600">Member since</dt>
						<dd>{profile.value.createdAt ? longDate.format(new Date(profile.value.createdAt)) : '—'}</dd>
					</dl>
					{profile.value.organization_id ? (
						<div className="mt-4">
							<LeaveOrganization />
						</div>
					) : null}
				</section>
			) : (
				<LoadError error={profile.error} />
			)}
		</div>
	)
}
