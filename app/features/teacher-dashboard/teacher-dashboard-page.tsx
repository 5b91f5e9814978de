import { Reminders } from '~/features/reminders/reminders'
import { LoadError } from '~/ui/load-error'
import type { RouteData } from '~/platform/route-data'
import { StudentTable } from '~/features/users/student-table'
import type { loadTeacherDashboard } from './teacher-dashboard.server'

export function TeacherDashboardPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadTeacherDashboard>
}) {
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
