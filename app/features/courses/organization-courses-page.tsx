import { useSearchParams } from 'react-router'
import { StudentTable } from '~/features/users/student-table'
import { CsvDownload } from '~/ui/csv-download'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import { TextLink } from '~/ui/text-link'
import { Table } from '~/ui/table'
import { PriceTag } from './course-card'
import type { ClassList, loadOrganizationCourses } from './organization-courses.server'
import { CLASS_LIST_LIMIT, totalEnrolled } from './schema'

/** The organization's courses (with totals) and, once one is chosen, its class list. */
export function OrganizationCoursesPage({
	loaderData,
}: {
	loaderData: Awaited<ReturnType<typeof loadOrganizationCourses>>
}) {
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
				<TextLink to="/organization/payment-setup">Payment setup</TextLink>
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
						<Table
							label="Courses of your organization"
							caption="Courses of your organization"
							headers={['Course', 'Teacher', 'Price', 'Students', 'Status']}
						>
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
											<TextLink to={classHref(course.id)} className="ms-2">
												View students<span className="sr-only"> of {course.title}</span>
											</TextLink>
										) : null}
									</td>
									<td className="px-4 py-3">{course.isPublished ? 'Published' : 'Draft'}</td>
								</tr>
							))}
						</Table>
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
								<TextLink
									to={`/organization/certificate/${student.id}/${course.id}/${organizationId}/${encodeURIComponent(student.email)}`}
								>
									Certificate<span className="sr-only"> of {student.name}</span>
								</TextLink>
							),
						}}
					/>
					<Pagination
						page={page}
						totalPages={Math.ceil(students.value.total / CLASS_LIST_LIMIT)}
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
