import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { Form, useLocation } from 'react-router'
import { Link } from '~/ui/link'
import { MENU_SEARCH } from '~/platform/course-menu'
import { Button, buttonClass } from './button'

/**
 * Above a course menu that holds only the first of many courses: how many it shows of how many,
 * and a search (a GET form, so it works without JavaScript) that narrows the menu. Nothing when
 * the menu holds every course and no search is on.
 */
export function CourseMenuSearch({ shown, total }: { shown: number; total: number }) {
	const location = useLocation()
	const { t } = useLingui()
	const search = new URLSearchParams(location.search).get(MENU_SEARCH) ?? ''
	if (!search && shown >= total) return null
	const status = !search
		? plural(total, {
				one: `The menu shows the first ${shown} of # course: search to find another.`,
				other: `The menu shows the first ${shown} of # courses: search to find another.`,
			})
		: shown < total
			? plural(total, {
					one: `# course match “${search}”: the first ${shown} are in the menu.`,
					other: `# courses match “${search}”: the first ${shown} are in the menu.`,
				})
			: plural(total, {
					one: `# course match “${search}”.`,
					other: `# courses match “${search}”.`,
				})
	return (
		<Form
			key={search}
			method="get"
			role="search"
			aria-label={t`Find a course`}
			className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3"
		>
			<p className="text-sm text-slate-700" role="status">
				{status}
			</p>
			<div className="flex flex-wrap items-end gap-2">
				<div className="flex flex-col gap-1">
					<label htmlFor="course-menu-search" className="text-sm font-medium text-slate-800">
						<Trans>Search the menu</Trans>
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
				<Button variant="secondary">
					<Trans>Find</Trans>
				</Button>
				{search ? (
					<Link to={location.pathname} className={buttonClass('link')}>
						<Trans>Clear search</Trans>
					</Link>
				) : null}
			</div>
		</Form>
	)
}
