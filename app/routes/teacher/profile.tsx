import { t } from '@lingui/core/macro'
import type { Route } from './+types/profile'
import { TeacherProfilePage } from '~/features/users/profile-page'
import { loadProfile, saveProfile } from '~/features/users/profile.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadProfile(context, request, user, 'tutor')
}

export async function action({ context, request }: Route.ActionArgs) {
	const user = areaUser(context)
	return saveProfile(context, request, user, 'tutor')
}

export function meta() {
	return [{ title: t`Your profile | TutorHub` }]
}

export default function TeacherProfile({ loaderData, actionData }: Route.ComponentProps) {
	return <TeacherProfilePage loaderData={loaderData} actionData={actionData} />
}
