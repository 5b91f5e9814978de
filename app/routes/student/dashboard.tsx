import type { Route } from './+types/dashboard'
import { getStudentProfile } from '~/features/users/api.server'
import { requireRole, upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { LoadError } from '~/ui/load-error'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'student')
	return { name: user.name, profile: await settle(getStudentProfile(upstream(context, request), user.id)) }
}

// Built once: toLocaleDateString with options builds a new formatter on every call (~1 ms each).
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' })

export function meta() {
	return [{ title: 'Student dashboard | TutorHub' }]
}

export default function StudentDashboard({ loaderData }: Route.ComponentProps) {
	const { name, profile } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">Welcome, {name}</h1>
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
				</section>
			) : (
				<LoadError error={profile.error} />
			)}
		</div>
	)
}
