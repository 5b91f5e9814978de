import type { ReactNode } from 'react'
import { Link } from '~/ui/link'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { categoryName, levelName, type CourseSummary } from './catalogue'
import type { Course } from './schema'
import { PriceTag } from './price-tag'
import { buttonClass } from '~/ui/button'

export function courseOwnerName(course: Pick<Course, 'teacherName' | 'organizationName'>) {
	return course.teacherName ?? course.organizationName ?? 'TutorHub'
}

/**
 * The link to a course's checkout, naming the course to a screen reader. A full page load:
 * checkout's page allows Stripe.js, other pages do not.
 */
export function BuyCourseLink({
	course,
	label,
}: {
	course: Pick<Course, 'id' | 'title'>
	label?: string
}) {
	const { t } = useLingui()
	return (
		<Link to={`/course/${course.id}/checkout`} reloadDocument className={buttonClass()}>
			{label ?? t`Buy`}
			<span className="sr-only"> {course.title}</span>
		</Link>
	)
}

/** A course in a list or catalogue; `actions` are the page's links for it. */
export function CourseCard({
	course,
	actions,
	headingLevel = 'h2',
}: {
	course: CourseSummary
	actions?: ReactNode
	headingLevel?: 'h2' | 'h3'
}) {
	const Heading = headingLevel
	const { t } = useLingui()
	const owner = courseOwnerName(course)
	const weeks = course.duration?.weeks ?? 0
	const hours = course.duration?.hoursPerWeek ?? 0
	const max = course.maxStudents ?? 0
	const enrolled = course.enrolledStudents
	return (
		<article className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-5">
			<p className="text-xs font-semibold uppercase tracking-wide text-indigo-700">
				{categoryName(course.category, t)} · {levelName(course.level, t)}
			</p>
			<Heading className="mt-1 text-lg font-semibold">{course.title}</Heading>
			{course.subtitle ? <p className="mt-1 text-sm text-slate-700">{course.subtitle}</p> : null}
			<p className="mt-2 text-sm text-slate-600">
				<Trans>by {owner}</Trans>
			</p>
			<dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
				{course.duration ? (
					<>
						<dt className="text-slate-600">
							<Trans>Duration</Trans>
						</dt>
						<dd>
							<Plural value={weeks} one="# week" other="# weeks" />, <Trans>{hours} h/week</Trans>
						</dd>
					</>
				) : null}
				<dt className="text-slate-600">
					<Trans>Students</Trans>
				</dt>
				<dd>
					{max ? (
						<Trans>
							{enrolled} of {max}
						</Trans>
					) : (
						enrolled
					)}
				</dd>
			</dl>
			<div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-4">
				<PriceTag price={course.price} />
				{actions}
			</div>
		</article>
	)
}

/** Course cards in a grid, each with its own actions (a details link, a buy link, Open). */
export function CourseGrid<C extends CourseSummary>({
	courses,
	actions,
}: {
	courses: C[]
	actions: (course: C) => ReactNode
}) {
	return (
		<ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
			{courses.map((course) => (
				<li key={course.id}>
					<CourseCard course={course} actions={actions(course)} />
				</li>
			))}
		</ul>
	)
}
