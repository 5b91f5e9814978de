import { Link } from 'react-router'
import type { Route } from './+types/courses'
import { listCourses } from '~/features/courses/api.server'
import { PriceTag } from '~/features/courses/course-card'
import { readCatalogQuery, totalEnrolled } from '~/features/courses/schema'
import { requireRole, upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'organization')
	const { page } = readCatalogQuery(new URL(request.url))
	const courses = await settle(
		listCourses(upstream(context, request), { organizationId: user.id, page }),
	)
	return { page, courses }
}

export function meta() {
	return [{ title: 'Courses | TutorHub' }]
}

export default function OrganizationCourses({ loaderData }: Route.ComponentProps) {
	const { page, courses } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-wrap items-center justify-between gap-4">
				<h1 className="text-2xl font-bold">Courses</h1>
				<Link to="/organization/payment-setup" className="font-semibold text-indigo-800 underline">
					Payment setup
				</Link>
			</div>
			{courses.ok ? (
				<>
					<dl className="grid gap-4 sm:grid-cols-2">
						<div className="rounded-lg border border-slate-200 bg-white p-4">
							<dt className="text-sm text-slate-600">Total courses</dt>
							<dd className="text-2xl font-bold">{courses.value.pagination.total}</dd>
						</div>
						<div className="rounded-lg border border-slate-200 bg-white p-4">
							<dt className="text-sm text-slate-600">Enrolled students in these courses</dt>
							<dd className="text-2xl font-bold">{totalEnrolled(courses.value.courses)}</dd>
						</div>
					</dl>
					{courses.value.courses.length ? (
						<div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
							<table className="w-full text-left text-sm">
								<caption className="px-4 py-3 text-left font-semibold">
									Courses of your organization
								</caption>
								<thead className="bg-slate-100 text-slate-700">
									<tr>
										<th scope="col" className="px-4 py-2">
											Course
										</th>
										<th scope="col" className="px-4 py-2">
											Teacher
										</th>
										<th scope="col" className="px-4 py-2">
											Price
										</th>
										<th scope="col" className="px-4 py-2">
											Students
										</th>
										<th scope="col" className="px-4 py-2">
											Status
										</th>
									</tr>
								</thead>
								<tbody>
									{courses.value.courses.map((course) => (
										<tr key={course.id} className="border-t border-slate-200">
											<th scope="row" className="px-4 py-3 font-medium">
												{course.title}
												<p className="font-normal text-slate-600">
													{course.category} · {course.level}
												</p>
											</th>
											<td className="px-4 py-3">{course.teacherName ?? 'Organization'}</td>
											<td className="px-4 py-3">
												<PriceTag price={course.price} />
											</td>
											<td className="px-4 py-3">
												{course.enrolledStudents}
												{course.maxStudents ? ` of ${course.maxStudents}` : ''}
											</td>
											<td className="px-4 py-3">{course.isPublished ? 'Published' : 'Draft'}</td>
										</tr>
									))}
								</tbody>
							</table>
						</div>
					) : (
						<p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
							Your organization has no courses yet.
						</p>
					)}
					<Pagination
						page={page}
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
