import type { ReactNode } from 'react'
import { TableScroll } from './table-scroll'

/**
 * A list as a table: in its scrolling region (see TableScroll), with its caption (shown as the
 * list's title, or for screen readers only where a heading already names it) and a header row of
 * column headers. `headers` may hold `null` for a column the table leaves out; `children` are the
 * body's rows.
 */
export function Table({
	label,
	caption,
	captionHidden = false,
	headers,
	children,
}: {
	/** The scrolling region's name. */
	label: string
	caption: ReactNode
	captionHidden?: boolean
	headers: readonly ReactNode[]
	children: ReactNode
}) {
	return (
		<TableScroll label={label}>
			<table className="w-full text-start text-sm">
				<caption className={captionHidden ? 'sr-only' : 'px-4 py-3 text-start font-semibold'}>
					{caption}
				</caption>
				<thead className="bg-slate-100 text-slate-700">
					<tr>
						{headers.map((header, column) =>
							header === null ? null : (
								<th key={column} scope="col" className="px-4 py-2">
									{header}
								</th>
							),
						)}
					</tr>
				</thead>
				<tbody>{children}</tbody>
			</table>
		</TableScroll>
	)
}
