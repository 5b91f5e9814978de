import type { Route } from './+types/dashboard'
import { getReminders } from '~/features/reminders/api.server'
import { Reminders } from '~/features/reminders/reminders'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { getTutorProfile, getTutorStudents } from '~/features/users/api.server'
import { areaUser } from '~/platform/area-guard.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { LoadError } from '~/ui/load-error'
import { StudentTable } from '~/features/users/student-table'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	const api = upstream(context, request)
	const [profile, students, reminders] = await Promise.all([
		settle(getTutorProfile(api, user.id)),
		settle(getTutorStudents(api)),
		settle(getReminders(api)),
	])
	return {
		name: user.name,
		profile,
		students,
		reminders: reminders.ok ? reminders.value : [],
		zone: viewerTimeZone(request).zone,
	}
}

export function meta() {
	return [{ title: 'Teacher dashboard | TutorHub' }]
}

export default function TeacherDashboard({ loaderData }: Route.ComponentProps) {
	const { name, profile, students, reminders, zone } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">Welcome, {name}</h1>
			<Reminders reminders={reminders} zone={zone} />
			{profile.ok ? (
				<section
					aria-labelledby="profile-heading"
					className="rounded-lg border border-slate-200 bg-white p-6"
				>
					<h2 id="profile-heading" className="text-lg font-semibold">
						Your teaching profile
					</h2>
					<dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
						<dt className="font-medium text-slate-600">Email</dt>
						<dd>{profile.value.email}</dd>
						<dt className="font-medium text-slate-600">Subjects</dt>
						<dd>
							{profile.value.subjects?.length ? profile.value.subjects.join(', ') : 'Not set'}
						</dd>
					</dl>
				</section>
			) : (
				<LoadError error={profile.error} />
			)}
			<section aria-labelledby="students-heading" className="flex flex-col gap-3">
				<h2 id="students-heading" className="text-lg font-semibold">
					Your students
				</h2>
				{students.ok ? (
					<StudentTable
						caption="Students in your courses"
						students={students.value.students}
						total={students.value.total}
						studentHref={(student) => `/teachersdashboard/report-card/${student.id}`}
					/>
				) : (
					<LoadError error={students.error} />
				)}
			</section>
		</div>
	)
}
