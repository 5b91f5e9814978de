import type { Route } from './+types/courses'
import { CatalogPage } from '~/features/courses/catalog-page'
import { loadCatalog } from '~/features/courses/catalog.server'

// Public: anyone may browse the catalogue.
export async function loader({ context, request }: Route.LoaderArgs) {
	return loadCatalog(context, request)
}

export function meta() {
	return [
		{ title: 'Courses | TutorHub' },
		{ name: 'description', content: 'Search and browse courses by category and level.' },
	]
}

export default function Courses({ loaderData }: Route.ComponentProps) {
	return <CatalogPage {...loaderData} />
}
