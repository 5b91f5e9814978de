import { t } from '@lingui/core/macro'
import type { Route } from './+types/courses'
import { CataloguePage } from '~/features/courses/catalogue-page'
import { loadCatalogue } from '~/features/courses/catalogue.server'

// Public: anyone may browse the catalogue.
export async function loader({ context, request }: Route.LoaderArgs) {
	return loadCatalogue(context, request)
}

export function meta() {
	return [
		{ title: t`Courses | TutorHub` },
		{ name: 'description', content: t`Search and browse courses by category and level.` },
	]
}

export default function Courses({ loaderData }: Route.ComponentProps) {
	return <CataloguePage {...loaderData} />
}
