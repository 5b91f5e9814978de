import { Trans } from '@lingui/react/macro'
import { useSearchParams } from 'react-router'
import { Link } from '~/ui/link'

/**
 * Previous / next links for a paged list, keeping the page's other query parameters. Plain links,
 * so paging works without JavaScript.
 */
export function Pagination({
	page,
	totalPages,
	label,
	param = 'page',
}: {
	page: number
	totalPages: number
	label: string
	/** The query parameter that holds the page (a page with two paged lists names the second). */
	param?: string
}) {
	const [searchParams] = useSearchParams()
	if (totalPages <= 1) return null
	const hrefFor = (target: number) => {
		const next = new URLSearchParams(searchParams)
		next.set(param, String(target))
		return `?${next.toString()}`
	}
	const linkClass =
		'rounded-md border border-slate-300 bg-white px-3 py-1.5 font-semibold text-indigo-800 hover:bg-slate-50'
	return (
		<nav aria-label={label} className="flex items-center gap-3 text-sm">
			{page > 1 ? (
				<Link to={hrefFor(page - 1)} className={linkClass}>
					<Trans>Previous page</Trans>
				</Link>
			) : null}
			<span>
				<Trans>
					Page {page} of {totalPages}
				</Trans>
			</span>
			{page < totalPages ? (
				<Link to={hrefFor(page + 1)} className={linkClass}>
					<Trans>Next page</Trans>
				</Link>
			) : null}
		</nav>
	)
}
