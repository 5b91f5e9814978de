import { useSearchParams } from 'react-router'
import { formatDateTime } from '~/platform/dates'
import { TextLink, textLinkClass } from '~/ui/text-link'
import { gradeDistribution } from './grades'
import { statusStyle } from './status'

/** A submission status label in its own colour (spec section 3). */
export function StatusBadge({ status }: { status: string | null | undefined }) {
	const label = status ?? 'Pending'
	return (
		<span
			className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusStyle(label)}`}
		>
			{label}
		</span>
	)
}

/** A date and 12-hour time, en-US, in the given time zone. */
export function DateTime({ iso, timeZone }: { iso: string | null | undefined; timeZone: string }) {
	if (!iso) return <span className="text-slate-500">—</span>
	return <time dateTime={iso}>{formatDateTime(iso, timeZone)}</time>
}

export function formatFileSize(bytes: number) {
	if (bytes < 1024) return `${bytes} B`
	if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`
	return `${Math.round(bytes / (1024 * 104.8576)) / 10} MB`
}

/** A link that downloads a task file through the app (the browser never calls the API itself). */
export function FileLink({ href, file }: { href: string; file: { name: string; size: number } }) {
	return (
		// No `download` attribute: the file comes as an attachment, and a refusal shows the area's page.
		<a href={href} className={textLinkClass}>
			{file.name} <span className="font-normal text-slate-600">({formatFileSize(file.size)})</span>
		</a>
	)
}

/** The spec's grade buckets as a bar chart that is also a readable table. */
export function GradeDistribution({ grades }: { grades: number[] }) {
	const buckets = gradeDistribution(grades)
	const largest = Math.max(1, ...buckets.map((bucket) => bucket.count))
	return (
		<table className="w-full text-sm">
			<caption className="mb-2 text-start font-semibold">
				Grade distribution ({grades.length} graded)
			</caption>
			<thead className="sr-only">
				<tr>
					<th scope="col">Grade range</th>
					<th scope="col">Students</th>
				</tr>
			</thead>
			<tbody>
				{buckets.map((bucket) => (
					<tr key={bucket.label}>
						<th scope="row" className="w-20 py-1 pe-3 text-start font-medium text-slate-700">
							{bucket.label}
						</th>
						<td className="py-1">
							<div className="flex items-center gap-2">
								<div
									className="h-4 rounded bg-indigo-600"
									style={{
										width: `${(bucket.count / largest) * 100}%`,
										minWidth: bucket.count ? '0.5rem' : 0,
									}}
									aria-hidden="true"
								/>
								<span>{bucket.count}</span>
							</div>
						</td>
					</tr>
				))}
			</tbody>
		</table>
	)
}

/** Previous / next links that keep the rest of the query string. */
/** Offline, the list shown is the one saved at `savedAt` (epoch ms): says so and since when. */
export function OfflineTasksNotice({ savedAt }: { savedAt: number | null }) {
	if (savedAt === null) return null
	return (
		<p
			role="status"
			className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
		>
			You are offline. These are your tasks as of{' '}
			{new Date(savedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.
		</p>
	)
}

/** The pages of a list of tasks (?page=), keeping the rest of the address. */
export function TaskPageLinks({
	pagination,
}: {
	pagination: { currentPage: number; totalPages: number }
}) {
	const [searchParams] = useSearchParams()
	return (
		<PageLinks
			page={pagination.currentPage}
			totalPages={pagination.totalPages}
			search={searchParams.toString()}
			label="Task pages"
		/>
	)
}

export function PageLinks({
	page,
	totalPages,
	search,
	label,
}: {
	page: number
	totalPages: number
	search: string
	label: string
}) {
	if (totalPages <= 1) return null
	const hrefFor = (target: number) => {
		const params = new URLSearchParams(search)
		params.set('page', String(target))
		return `?${params.toString()}`
	}
	return (
		<nav aria-label={label} className="flex items-center gap-4 text-sm">
			{page > 1 ? <TextLink to={hrefFor(page - 1)}>Previous page</TextLink> : null}
			<span>
				Page {page} of {totalPages}
			</span>
			{page < totalPages ? <TextLink to={hrefFor(page + 1)}>Next page</TextLink> : null}
		</nav>
	)
}
