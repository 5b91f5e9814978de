import { Form, useLocation } from 'react-router'
import { Link } from '~/ui/link'
import { MENU_SEARCH } from '~/platform/course-menu'
import { countOf } from '~/platform/plural'
import { Button, buttonClass } from './button'

/**
 * Above a course menu that holds only the first of many courses: how many it shows of how many,
 * and a search (a GET form, so it works without JavaScript) that narrows the menu. Nothing when
 * the menu holds every course and no search is on.
 */
export function CourseMenuSearch({ shown, total }: { shown: number; total: number }) {
	const location = useLocation()
	const search = new URLSearchParams(location.search).get(MENU_SEARCH) ?? ''
	if (!search && shown >= total) return null
	return (
		<Form
			key={search}
			method="get"
			role="search"
			aria-label="Find a course"
			className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3"
		>
			<p className="text-sm text-slate-700" role="status">
				{search
					? `${countOf(total, 'course')} match “${search}”${shown < total ? `: the first ${shown} are in the menu` : ''}.`
					: `The menu shows the first ${shown} of ${countOf(total, 'course')}: search to find another.`}
			</p>
			<div className="flex flex-wrap items-end gap-2">
				<div className="flex flex-col gap-1">
					<label htmlFor="course-menu-search" className="text-sm font-medium text-slate-800">
						Search the menu
					</label>
					<input
						id="course-menu-search"
						type="search"
						name={MENU_SEARCH}
						defaultValue={search}
						maxLength={100}
						className="rounded-md border border-slate-400 bg-white px-3 py-2"
					/>
				</div>
				<Button variant="secondary">Find</Button>
				{search ? (
					<Link to={location.pathname} className={buttonClass('link')}>
						Clear search
					</Link>
				) : null}
			</div>
		</Form>
	)
}
