import type { Route } from './+types/profile'
import { TeacherProfilePage } from '~/features/users/profile-page'
import { loadProfile, saveProfile } from '~/features/users/profile.server'
import { requireRole } from '~/platform/request.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'tutor')
	return loadProfile(context, request, user, 'tutor')
}

export async function action({ context, request }: Route.ActionArgs) {
	const user = requireRole(context, request, 'tutor')
	return saveProfile(context, request, user, 'tutor')
}

export function meta() {
	return [{ title: 'Your profile | TutorHub' }]
}

export default function TeacherProfile({ loaderData, actionData }: Route.ComponentProps) {
	return <TeacherProfilePage loaderData={loaderData} actionData={actionData} />
}
