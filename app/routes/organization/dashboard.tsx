import type { Route } from './+types/dashboard'
import { getOrganizationStudents } from '~/features/users/api.server'
import { requireRole, upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { LoadError } from '~/ui/load-error'
import { StudentTable } from '~/ui/student-table'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'organization')
	const students = await settle(getOrganizationStudents(upstream(context, request), user.id))
	return { name: user.name, students }
}

export function meta() {
	return [{ title: 'Organization dashboard | TutorHub' }]
}

export default function OrganizationDashboard({ loaderData }: Route.ComponentProps) {
	const { name, students } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">{name}</h1>
			<section aria-labelledby="students-heading" className="flex flex-col gap-3">
				<h2 id="students-heading" className="text-lg font-semibold">
					Students
				</h2>
				{students.ok ? (
					<StudentTable caption="Students of your organization" students={students.value.students} total={students.value.total} />
				) : (
					<LoadError error={students.error} />
				)}
			</section>
		</div>
	)
}
