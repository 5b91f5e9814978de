import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Form } from 'react-router'
import { Link } from '~/ui/link'
import { buttonClass } from '~/ui/button'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import {
	CATALOGUE_SEARCH_MAX,
	categoryName,
	courseCategories,
	courseLevels,
	levelName,
} from './catalogue'
import type { loadCatalogue } from './catalogue.server'
import { BuyCourseLink, CourseGrid } from './course-card'

const selectClass = 'rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900'

/** One of the catalogue's filters: every value, or "all" (empty). */
function FilterSelect({
	name,
	label,
	all,
	values,
	value,
	nameOf,
}: {
	name: string
	label: string
	all: string
	values: readonly string[]
	value: string | undefined
	nameOf: (value: string) => string
}) {
	return (
		<div className="flex min-w-0 flex-col gap-1">
			<label htmlFor={`filter-${name}`} className="text-sm font-medium">
				{label}
			</label>
			<select id={`filter-${name}`} name={name} defaultValue={value ?? ''} className={selectClass}>
				<option value="">{all}</option>
				{values.map((each) => (
					<option key={each} value={each}>
						{nameOf(each)}
					</option>
				))}
			</select>
		</div>
	)
}

/** The public catalogue: a filter form that lands in the URL, and a page of course cards. */
export function CataloguePage({ query, courses }: Awaited<ReturnType<typeof loadCatalogue>>) {
	const filtered = Boolean(query.category || query.level || query.search)
	const { t } = useLingui()
	const search = query.search
	const found = courses.ok ? courses.value.pagination.total : 0
	return (
		<div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
			<div>
				<h1 className="text-3xl font-bold">
					<Trans>Courses</Trans>
				</h1>
				<p className="mt-2 text-slate-700">
					<Trans>Learn with real teachers. Pay once by card and start right away.</Trans>
				</p>
			</div>
			{/* A GET form: the filters land in the URL, so links and the back button keep them. */}
			<Form
				// Remounted when the URL changes, so the selects show the filters in force (back button too).
				key={`${query.category ?? ''}|${query.level ?? ''}|${query.search ?? ''}`}
				method="get"
				className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4"
				aria-label={t`Filter courses`}
				role="search"
			>
				<div className="flex min-w-0 grow basis-56 flex-col gap-1">
					<label htmlFor="filter-search" className="text-sm font-medium">
						<Trans>Search</Trans>
					</label>
					<input
						id="filter-search"
						name="search"
						type="search"
						defaultValue={query.search ?? ''}
						maxLength={CATALOGUE_SEARCH_MAX}
						placeholder={t`Title, topic or teacher`}
						className={selectClass}
					/>
				</div>
				<FilterSelect
					name="category"
					label={t`Category`}
					all={t`All categories`}
					values={courseCategories}
					value={query.category}
					nameOf={(category) => categoryName(category, t)}
				/>
				<FilterSelect
					name="level"
					label={t`Level`}
					all={t`All levels`}
					values={courseLevels}
					value={query.level}
					nameOf={(level) => levelName(level, t)}
				/>
				<button type="submit" className={buttonClass()}>
					<Trans>Show courses</Trans>
				</button>
				{filtered ? (
					<Link to="/courses" className={buttonClass('link')}>
						<Trans>Clear filters</Trans>
					</Link>
				) : null}
			</Form>
			{courses.ok ? (
				<>
					<p className="text-sm text-slate-700" role="status">
						<Plural value={found} one="# course found" other="# courses found" />
					</p>
					{courses.value.courses.length ? (
						<CourseGrid
							courses={courses.value.courses}
							actions={(course) => (
								<div className="flex flex-wrap gap-2">
									<Link to={`/courses/${course.id}`} className={buttonClass('secondary')}>
										<CourseDetailsLabel title={course.title} />
									</Link>
									<BuyCourseLink course={course} />
								</div>
							)}
						/>
					) : (
						<p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
							{search ? (
								<Trans>No courses match “{search}” with these filters.</Trans>
							) : (
								<Trans>No courses match these filters yet.</Trans>
							)}
						</p>
					)}
					<Pagination
						page={query.page}
						totalPages={courses.value.pagination.totalPages ?? 1}
						label={t`Course pages`}
					/>
				</>
			) : (
				<LoadError error={courses.error} />
			)}
		</div>
	)
}

/** "Details", naming the course to a screen reader. */
function CourseDetailsLabel({ title }: { title: string }) {
	return (
		<Trans>
			Details<span className="sr-only"> of {title}</span>
		</Trans>
	)
}
