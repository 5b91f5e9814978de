import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '~/ui/link'
import { FeaturedCourses } from '~/features/courses/featured-courses'
import { buttonClass } from '~/ui/button'
import type { RouteData } from '~/platform/route-data'
import { TextLink } from '~/ui/text-link'
import type { loadHome } from './home.server'

const audiences = [
	{
		title: msg`Students`,
		text: msg`Buy courses, join live classes, take timed tests, submit tasks and receive certificates.`,
		to: '/signup/student',
		cta: msg`Start learning`,
	},
	{
		title: msg`Teachers`,
		text: msg`Run your courses, grade work, schedule sessions, build tests and publish report cards.`,
		to: '/signup/teacher',
		cta: msg`Start teaching`,
	},
	{
		title: msg`Organizations`,
		text: msg`Manage departments, teachers and students, enter scores and issue result cards.`,
		to: '/signup/organization',
		cta: msg`Register your organization`,
	},
]

export function HomePage({ loaderData }: { loaderData: RouteData<typeof loadHome> }) {
	const { t } = useLingui()
	return (
		<>
			<section className="bg-indigo-800 text-white">
				<div className="mx-auto max-w-6xl px-4 py-16">
					<h1 className="max-w-2xl text-4xl font-bold leading-tight">
						<Trans>Learn with real teachers, at your pace and on any device.</Trans>
					</h1>
					<p className="mt-4 max-w-2xl text-lg text-indigo-100">
						<Trans>
							Courses, live classrooms, timed tests and graded tasks in one place, for students,
							teachers and schools.
						</Trans>
					</p>
					<div className="mt-8 flex flex-wrap gap-3">
						<Link to="/signup/student" className={buttonClass('secondary')}>
							<Trans>Create a free account</Trans>
						</Link>
						<Link
							to="/login"
							className="inline-flex items-center rounded-md px-4 py-2 text-sm font-semibold underline"
						>
							<Trans>I already have an account</Trans>
						</Link>
					</div>
				</div>
			</section>
			<FeaturedCourses courses={loaderData.featured} />
			<section aria-labelledby="audiences" className="mx-auto max-w-6xl px-4 py-12">
				<h2 id="audiences" className="text-2xl font-bold">
					<Trans>Built for everyone in the classroom</Trans>
				</h2>
				<ul className="mt-6 grid gap-6 md:grid-cols-3">
					{audiences.map((audience) => (
						<li
							key={audience.to}
							className="flex flex-col rounded-lg border border-slate-200 bg-white p-6"
						>
							<h3 className="text-lg font-semibold">{t(audience.title)}</h3>
							<p className="mt-2 flex-1 text-slate-700">{t(audience.text)}</p>
							<TextLink to={audience.to} className="mt-4">
								{t(audience.cta)}
							</TextLink>
						</li>
					))}
				</ul>
			</section>
		</>
	)
}
