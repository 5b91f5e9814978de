import { data, Link, useSearchParams } from 'react-router'
import type { Route } from './+types/courses'
import { getCourse, listCourses, listCourseStudents } from '~/features/courses/api.server'
import { PriceTag } from '~/features/courses/course-card'
import { readCatalogQuery, totalEnrolled } from '~/features/courses/schema'
import type { User } from '~/features/users/schema'
import { pageParam } from '~/platform/page-param'
import { requireRole, upstream } from '~/platform/request.server'
import type { Upstream } from '~/platform/upstream.server'
import { settle, type Settled } from '~/platform/settle.server'
import { CsvDownload } from '~/ui/csv-download'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import { StudentTable } from '~/features/users/student-table'
import { TableScroll } from '~/ui/table-scroll'

const CLASS_LIMIT = 10

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'organization')
	const url = new URL(request.url)
	const { page } = readCatalogQuery(url)
	const api = upstream(context, request)
	const classCourseId = url.searchParams.get('course')
	const [courses, classList] = await Promise.all([
		settle(listCourses(api, { organizationId: user.id, page })),
		classCourseId
			? loadClassList(api, user.id, classCourseId, pageParam(url.searchParams, 'studentsPage'))
			: null,
	])
	return { page, courses, classList, organizationId: user.id }
}

type ClassList = {
	course: { id: string; title: string }
	page: number
	students: Settled<{ students: User[]; total: number }>
}

/** The students of one of the organization's courses; any other course is not found. */
async function loadClassList(
	api: Upstream,
	organizationId: string,
	courseId: string,
	page: number,
): Promise<ClassList> {
	const [{ course }, students] = await Promise.all([
		getCourse(api, courseId),
		settle(listCourseStudents(api, courseId, { page, limit: CLASS_LIMIT })),
	])
	if (course.organizationId !== organizationId) throw data(null, { status: 404 })
	return { course: { id: course.id, title: course.title }, page, students }
}

export function meta() {
	return [{ title: 'Courses | TutorHub' }]
}

export default function OrganizationCourses({ loaderData }: Route.ComponentProps) {
	const { page, courses, classList, organizationId } = loaderData
	const [searchParams] = useSearchParams()
	const classHref = (courseId: string) => {
		const next = new URLSearchParams(searchParams)
		next.set('course', courseId)
		next.delete('studentsPage')
		return `?${next.toString()}#class-list`
	}
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
						<TableScroll label="Courses of your organization">
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
												{course.enrolledStudents ? (
													<Link
														to={classHref(course.id)}
														className="ml-2 font-semibold text-indigo-800 underline"
													>
														View students<span className="sr-only"> of {course.title}</span>
													</Link>
												) : null}
											</td>
											<td className="px-4 py-3">{course.isPublished ? 'Published' : 'Draft'}</td>
										</tr>
									))}
								</tbody>
							</table>
						</TableScroll>
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
			{classList ? (
				<ClassListSection classList={classList} organizationId={organizationId} />
			) : null}
		</div>
	)
}

/** Who is enrolled in one course, each with the way to their certificate for it. */
function ClassListSection({
	classList,
	organizationId,
}: {
	classList: ClassList
	organizationId: string
}) {
	const { course, page, students } = classList
	return (
		<section id="class-list" aria-labelledby="class-list-heading" className="flex flex-col gap-3">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h2 id="class-list-heading" className="text-lg font-semibold">
					Students enrolled in {course.title}
				</h2>
				<CsvDownload
					href={`/organization/courses/class-list?course=${encodeURIComponent(course.id)}`}
				>
					Download class list
				</CsvDownload>
			</div>
			{students.ok ? (
				<>
					<StudentTable
						caption="Enrolled students"
						students={students.value.students}
						total={students.value.total}
						empty="No students are enrolled in this course yet."
						column={{
							header: 'Certificate',
							cell: (student) => (
								<Link
									to={`/organization/certificate/${student.id}/${course.id}/${organizationId}/${encodeURIComponent(student.email)}`}
									className="font-semibold text-indigo-800 underline"
								>
									Certificate<span className="sr-only"> of {student.name}</span>
								</Link>
							),
						}}
					/>
					<Pagination
						page={page}
						totalPages={Math.ceil(students.value.total / CLASS_LIMIT)}
						label="Student pages"
						param="studentsPage"
					/>
				</>
			) : (
				<LoadError error={students.error} />
			)}
		</section>
	)
}
