import { Form, Link } from 'react-router'
import { buttonClass } from '~/ui/button'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import { CATALOGUE_SEARCH_MAX, courseCategories, courseLevels } from './catalogue'
import type { loadCatalogue } from './catalogue.server'
import { BuyCourseLink, CourseGrid } from './course-card'

const selectClass = 'rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900'

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
				<div className="flex flex-col gap-1">
					<label htmlFor="filter-category" className="text-sm font-medium">
						Category
					</label>
					<select
						id="filter-category"
						name="category"
						defaultValue={query.category ?? ''}
						className={selectClass}
					>
						<option value="">All categories</option>
						{courseCategories.map((category) => (
							<option key={category} value={category}>
								{category}
							</option>
						))}
					</select>
				</div>
				<div className="flex flex-col gap-1">
					<label htmlFor="filter-level" className="text-sm font-medium">
						Level
					</label>
					<select
						id="filter-level"
						name="level"
						defaultValue={query.level ?? ''}
						className={selectClass}
					>
						<option value="">All levels</option>
						{courseLevels.map((level) => (
							<option key={level} value={level}>
								{level}
							</option>
						))}
					</select>
				</div>
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
