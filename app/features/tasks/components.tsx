import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSearchParams } from 'react-router'
import { formatDateTime } from '~/platform/dates'
import { i18n } from '~/platform/i18n'
import { formatNumber } from '~/platform/numbers'
import { TextLink, textLinkClass } from '~/ui/text-link'
import { gradeDistribution } from './grades'
import { statusLabel, statusStyle } from './status'

/** A submission status label in its own colour (spec section 3). */
export function StatusBadge({ status }: { status: string | null | undefined }) {
	const value = status ?? 'Pending'
	return (
		<span
			className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusStyle(value)}`}
		>
			{statusLabel(value)}
		</span>
	)
}

/** A date and time in the page's language, in the given time zone. */
export function DateTime({ iso, timeZone }: { iso: string | null | undefined; timeZone: string }) {
	if (!iso) return <span className="text-slate-500">—</span>
	return <time dateTime={iso}>{formatDateTime(iso, timeZone)}</time>
}

/** 512 B, 1.5 KB, 2.3 MB, in the page's digits and units. */
export function formatFileSize(bytes: number) {
	if (bytes < 1024) {
		const n = formatNumber(bytes)
		return i18n._(msg`${n} B`)
	}
	if (bytes < 1024 * 1024) {
		const n = formatNumber(Math.round(bytes / 102.4) / 10)
		return i18n._(msg`${n} KB`)
	}
	const n = formatNumber(Math.round(bytes / (1024 * 104.8576)) / 10)
	return i18n._(msg`${n} MB`)
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
	const graded = formatNumber(grades.length)
	const largest = Math.max(1, ...buckets.map((bucket) => bucket.count))
	return (
		<table className="w-full text-sm">
			<caption className="mb-2 text-start font-semibold">
				<Trans>Grade distribution ({graded} graded)</Trans>
			</caption>
			<thead className="sr-only">
				<tr>
					<th scope="col">
						<Trans>Grade range</Trans>
					</th>
					<th scope="col">
						<Trans>Students</Trans>
					</th>
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
								<span>{formatNumber(bucket.count)}</span>
							</div>
						</td>
					</tr>
				))}
			</tbody>
		</table>
	)
}

/** Offline, the list shown is the one saved at `savedAt` (epoch ms): says so and since when. */
export function OfflineTasksNotice({
	savedAt,
	timeZone,
}: {
	savedAt: number | null
	timeZone: string
}) {
	if (savedAt === null) return null
	const when = formatDateTime(savedAt, timeZone)
	return (
		<p
			role="status"
			className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
		>
			<Trans>You are offline. These are your tasks as of {when}.</Trans>
		</p>
	)
}

/** The pages of a list of tasks (?page=), keeping the rest of the address. */
export function TaskPageLinks({
	pagination,
}: {
	pagination: { currentPage: number; totalPages: number }
}) {
	const { t } = useLingui()
	const [searchParams] = useSearchParams()
	return (
		<PageLinks
			page={pagination.currentPage}
			totalPages={pagination.totalPages}
			search={searchParams.toString()}
			label={t`Task pages`}
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
	const current = formatNumber(page)
	const pages = formatNumber(totalPages)
	const hrefFor = (target: number) => {
		const params = new URLSearchParams(search)
		params.set('page', String(target))
		return `?${params.toString()}`
	}
	return (
		<nav aria-label={label} className="flex items-center gap-4 text-sm">
			{page > 1 ? (
				<TextLink to={hrefFor(page - 1)}>
					<Trans>Previous page</Trans>
				</TextLink>
			) : null}
			<span>
				<Trans>
					Page {current} of {pages}
				</Trans>
			</span>
			{page < totalPages ? (
				<TextLink to={hrefFor(page + 1)}>
					<Trans>Next page</Trans>
				</TextLink>
			) : null}
		</nav>
	)
}
