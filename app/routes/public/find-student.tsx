import { t } from '@lingui/core/macro'
import type { Route } from './+types/find-student'
import { loadFindStudent, findStudentAction } from '~/features/users/find-student.server'
import { FindStudentPage } from '~/features/users/find-student-page'
import { requireUser } from '~/platform/request.server'

export function loader({ context, request }: Route.LoaderArgs) {
	return loadFindStudent(requireUser(context, request))
}

export function action({ context, request }: Route.ActionArgs) {
	return findStudentAction(context, request, requireUser(context, request))
}

export function meta() {
	return [{ title: t`Find a student | TutorHub` }]
}

export default function FindStudent({ actionData }: Route.ComponentProps) {
	return <FindStudentPage actionData={actionData} />
}
