import { Form } from 'react-router'
import { Link } from '~/ui/link'
import { buttonClass } from '~/ui/button'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import { CATALOGUE_SEARCH_MAX, courseCategories, courseLevels } from './catalogue'
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
}: {
	name: string
	label: string
	all: string
	values: readonly string[]
	value: string | undefined
}) {
	return (
		<div className="flex flex-col gap-1">
			<label htmlFor={`filter-${name}`} className="text-sm font-medium">
				{label}
			</label>
			<select id={`filter-${name}`} name={name} defaultValue={value ?? ''} className={selectClass}>
				<option value="">{all}</option>
				{values.map((each) => (
					<option key={each} value={each}>
						{each}
					</option>
				))}
			</select>
		</div>
	)
}

/** The public catalogue: a filter form that lands in the URL, and a page of course cards. */
export function CataloguePage({ query, courses }: Awaited<ReturnType<typeof loadCatalogue>>) {
	const filtered = Boolean(query.category || query.level || query.search)
	return (
		<div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
			<div>
				<h1 className="text-3xl font-bold">Courses</h1>
				<p className="mt-2 text-slate-700">
					Learn with real teachers. Pay once by card and start right away.
				</p>
			</div>
			{/* A GET form: the filters land in the URL, so links and the back button keep them. */}
			<Form
				// Remounted when the URL changes, so the selects show the filters in force (back button too).
				key={`${query.category ?? ''}|${query.level ?? ''}|${query.search ?? ''}`}
				method="get"
				className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4"
				aria-label="Filter courses"
				role="search"
			>
				<div className="flex min-w-0 grow basis-56 flex-col gap-1">
					<label htmlFor="filter-search" className="text-sm font-medium">
						Search
					</label>
					<input
						id="filter-search"
						name="search"
						type="search"
						defaultValue={query.search ?? ''}
						maxLength={CATALOGUE_SEARCH_MAX}
						placeholder="Title, topic or teacher"
						className={selectClass}
					/>
				</div>
				<FilterSelect
					name="category"
					label="Category"
					all="All categories"
					values={courseCategories}
					value={query.category}
				/>
				<FilterSelect
					name="level"
					label="Level"
					all="All levels"
					values={courseLevels}
					value={query.level}
				/>
				<button type="submit" className={buttonClass()}>
					Show courses
				</button>
				{filtered ? (
					<Link to="/courses" className={buttonClass('link')}>
						Clear filters
					</Link>
				) : null}
			</Form>
			{courses.ok ? (
				<>
					<p className="text-sm text-slate-700" role="status">
						{courses.value.pagination.total}{' '}
						{courses.value.pagination.total === 1 ? 'course' : 'courses'} found
					</p>
					{courses.value.courses.length ? (
						<CourseGrid
							courses={courses.value.courses}
							actions={(course) => (
								<div className="flex flex-wrap gap-2">
									<Link to={`/courses/${course.id}`} className={buttonClass('secondary')}>
										Details<span className="sr-only"> of {course.title}</span>
									</Link>
									<BuyCourseLink course={course} />
								</div>
							)}
						/>
					) : (
						<p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
							{query.search
								? `No courses match “${query.search}” with these filters.`
								: 'No courses match these filters yet.'}
						</p>
					)}
					<Pagination
						page={query.page}
						totalPages={courses.value.pagination.totalPages ?? 1}
						label="Course pages"
					/>
				</>
			) : (
				<LoadError error={courses.error} />
			)}
		</div>
	)
}
