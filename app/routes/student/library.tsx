import type { Route } from './+types/library'
import { getResources } from '~/features/resources/api.server'
import { LibraryFilters, LibraryList } from '~/features/resources/library'
import { filtersFrom } from '~/features/resources/schema'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { LoadError } from '~/ui/load-error'

export async function loader({ context, request }: Route.LoaderArgs) {
	const filters = filtersFrom(new URL(request.url))
	const list = await settle(getResources(upstream(context, request), filters))
	return { filters, list }
}

export function meta() {
	return [{ title: 'Library | TutorHub' }]
}

export default function StudentLibrary({ loaderData }: Route.ComponentProps) {
	const { filters, list } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">Library</h1>
			<p className="text-slate-700">
				Study resources shared by teachers: search, filter and download.
			</p>
			<LibraryFilters filters={filters} subjects={list.ok ? list.value.subjects : []} />
			{list.ok ? (
				<LibraryList list={list.value} filesPath="/studentdashboard/library" headingLevel="h2" />
			) : (
				<LoadError error={list.error} />
			)}
		</div>
	)
}
