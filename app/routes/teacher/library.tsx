import { t } from '@lingui/core/macro'
import type { Route } from './+types/library'
import { TeacherLibraryPage } from '~/features/resources/teacher-library-page'
import {
	loadTeacherLibrary,
	teacherLibraryAction,
} from '~/features/resources/teacher-library.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadTeacherLibrary(context, request, user.id)
}

export async function action({ context, request }: Route.ActionArgs) {
	return teacherLibraryAction(context, request)
}

export function meta() {
	return [{ title: t`Library | TutorHub` }]
}

export default function TeacherLibrary({ loaderData, actionData }: Route.ComponentProps) {
	return <TeacherLibraryPage loaderData={loaderData} actionData={actionData} />
}
