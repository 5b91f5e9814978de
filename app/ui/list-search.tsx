import { Trans } from '@lingui/react/macro'
import { Form } from 'react-router'
import { Link } from '~/ui/link'
import { Button, buttonClass } from './button'

/**
 * A list's search: a GET form (so it works without JavaScript) with one search box named `name`,
 * holding `value` (the search in the address), and "Clear search" while one is on.
 */
export function ListSearch({
	id,
	name,
	label,
	value,
}: {
	id: string
	name: string
	label: string
	value: string
}) {
	return (
		// Rebuilt when the search in the address changes, so Clear search empties the box too.
		<Form key={value} method="get" role="search" className="flex flex-wrap items-end gap-2">
			<div className="flex flex-col gap-1">
				<label htmlFor={id} className="text-sm font-medium text-slate-800">
					{label}
				</label>
				<input
					id={id}
					type="search"
					name={name}
					defaultValue={value}
					maxLength={100}
					className="rounded-md border border-slate-400 bg-white px-3 py-2"
				/>
			</div>
			<Button variant="secondary">
				<Trans>Search</Trans>
			</Button>
			{value ? (
				<Link to="." className={buttonClass('link')}>
					<Trans>Clear search</Trans>
				</Link>
			) : null}
		</Form>
	)
}
