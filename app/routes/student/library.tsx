import { t } from '@lingui/core/macro'
import type { Route } from './+types/library'
import { loadStudentLibrary } from '~/features/resources/student-library.server'
import { StudentLibraryPage } from '~/features/resources/student-library-page'

export function loader({ context, request }: Route.LoaderArgs) {
	return loadStudentLibrary(context, request)
}

export function meta() {
	return [{ title: t`Library | TutorHub` }]
}

export default function StudentLibrary({ loaderData }: Route.ComponentProps) {
	return <StudentLibraryPage loaderData={loaderData} />
}
