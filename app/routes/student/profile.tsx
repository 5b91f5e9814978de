import { t } from '@lingui/core/macro'
import type { Route } from './+types/profile'
import { StudentProfilePage } from '~/features/users/profile-page'
import { loadProfile, saveProfile } from '~/features/users/profile.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadProfile(context, request, user, 'student')
}

export async function action({ context, request }: Route.ActionArgs) {
	const user = areaUser(context)
	return saveProfile(context, request, user, 'student')
}

export function meta() {
	return [{ title: t`Your profile | TutorHub` }]
}

export default function StudentProfile({ loaderData, actionData }: Route.ComponentProps) {
	return <StudentProfilePage loaderData={loaderData} actionData={actionData} />
}
