import { Trans } from '@lingui/react/macro'
import { LoadError } from '~/ui/load-error'
import type { RouteData } from '~/platform/route-data'
import { LibraryFilters, LibraryList } from './library'
import type { loadStudentLibrary } from './student-library.server'

export function StudentLibraryPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadStudentLibrary>
}) {
	const { filters, list } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">
				<Trans>Library</Trans>
			</h1>
			<p className="text-slate-700">
				<Trans>Study resources shared by teachers: search, filter and download.</Trans>
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
