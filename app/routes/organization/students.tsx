import { t } from '@lingui/core/macro'
import type { Route } from './+types/students'
import { MembersPage } from '~/features/organizations/members'
import { loadMembers, memberAction } from '~/features/organizations/members.server'
import { areaUser } from '~/platform/area-guard.server'
import { upstream } from '~/platform/request.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadMembers(upstream(context, request), user.id, 'students', request)
}

export async function action({ context, request }: Route.ActionArgs) {
	const user = areaUser(context)
	return memberAction(context, upstream(context, request), request, user.id, 'student')
}

export function meta() {
	return [{ title: t`Students | TutorHub` }]
}

export default function OrganizationStudents({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<MembersPage
			kind="student"
			list={loaderData.list}
			search={loaderData.search}
			actionData={actionData}
			invitations={loaderData.invitations}
		/>
	)
}
