import { Trans, useLingui } from '@lingui/react/macro'
import { Reminders } from '~/features/reminders/reminders'
import { LoadError } from '~/ui/load-error'
import { Detail, DetailList, Panel } from '~/ui/panel'
import type { RouteData } from '~/platform/route-data'
import { StudentTable } from '~/features/users/student-table'
import type { loadTeacherDashboard } from './teacher-dashboard.server'

export function TeacherDashboardPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadTeacherDashboard>
}) {
	const { t } = useLingui()
	const { name, profile, students, reminders, zone } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">
				<Trans>Welcome, {name}</Trans>
			</h1>
			<Reminders reminders={reminders} zone={zone} />
			{profile.ok ? (
				<Panel id="profile-heading" title={t`Your teaching profile`}>
					<DetailList>
						<Detail term={t`Email`}>{profile.value.email}</Detail>
						<Detail term={t`Subjects`}>
							{profile.value.subjects?.length ? profile.value.subjects.join(', ') : t`Not set`}
						</Detail>
					</DetailList>
				</Panel>
			) : (
				<LoadError error={profile.error} />
			)}
			<section aria-labelledby="students-heading" className="flex flex-col gap-3">
				<h2 id="students-heading" className="text-lg font-semibold">
					<Trans>Your students</Trans>
				</h2>
				{students.ok ? (
					<StudentTable
						caption={t`Students in your courses`}
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
