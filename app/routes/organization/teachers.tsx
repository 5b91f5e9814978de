import { t } from '@lingui/core/macro'
import type { Route } from './+types/teachers'
import { MembersPage } from '~/features/organizations/members'
import { loadMembers, memberAction } from '~/features/organizations/members.server'
import { areaUser } from '~/platform/area-guard.server'
import { upstream } from '~/platform/request.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadMembers(upstream(context, request), user.id, 'tutors', request)
}

export async function action({ context, request }: Route.ActionArgs) {
	const user = areaUser(context)
	return memberAction(context, upstream(context, request), request, user.id, 'tutor')
}

export function meta() {
	return [{ title: t`Teachers | TutorHub` }]
}

export default function OrganizationTeachers({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<MembersPage
			kind="teacher"
			list={loaderData.list}
			search={loaderData.search}
			actionData={actionData}
		/>
	)
}
