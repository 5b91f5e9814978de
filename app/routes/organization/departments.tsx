import { t } from '@lingui/core/macro'
import type { Route } from './+types/departments'
import { DepartmentsPage } from '~/features/departments/departments-page'
import { departmentAction, loadDepartments } from '~/features/departments/departments.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadDepartments(context, request, user.id)
}

export async function action({ context, request }: Route.ActionArgs) {
	return departmentAction(context, request)
}

export function meta() {
	return [{ title: t`Departments | TutorHub` }]
}

export default function Departments({ loaderData, actionData }: Route.ComponentProps) {
	return <DepartmentsPage loaderData={loaderData} actionData={actionData} />
}
