import { Trans } from '@lingui/react/macro'
import type { Settled } from '~/platform/settle.server'
import { LoadError } from '~/ui/load-error'
import { TextLink } from '~/ui/text-link'
import { BuyCourseLink, CourseCard } from './course-card'
import type { CataloguePage } from './catalogue'

/** The home page's featured courses: the newest published ones. */
export function FeaturedCourses({ courses }: { courses: Settled<CataloguePage> }) {
	return (
		<section aria-labelledby="featured-courses" className="mx-auto max-w-6xl px-4 pt-12">
			<div className="flex flex-wrap items-baseline justify-between gap-4">
				<h2 id="featured-courses" className="text-2xl font-bold">
					<Trans>Featured courses</Trans>
				</h2>
				<TextLink to="/courses">
					<Trans>See all courses</Trans>
				</TextLink>
			</div>
			{courses.ok ? (
				courses.value.courses.length ? (
					<ul className="mt-6 grid gap-6 md:grid-cols-3">
						{courses.value.courses.map((course) => (
							<li key={course.id}>
								<CourseCard
									course={course}
									headingLevel="h3"
									actions={<BuyCourseLink course={course} />}
								/>
							</li>
						))}
					</ul>
				) : (
					<p className="mt-4 text-slate-700">
						<Trans>New courses are on their way.</Trans>
					</p>
				)
			) : (
				<div className="mt-4">
					<LoadError error={courses.error} />
				</div>
			)}
		</section>
	)
}
