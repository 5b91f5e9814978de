import { Trans, useLingui } from '@lingui/react/macro'
import { categoryName, levelName } from './catalogue'
import { useSearchParams } from 'react-router'
import { StudentTable } from '~/features/users/student-table'
import { CsvDownload } from '~/ui/csv-download'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import { TextLink } from '~/ui/text-link'
import { Table } from '~/ui/table'
import { PriceTag } from './price-tag'
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
	const { t } = useLingui()
	const classHref = (courseId: string) => {
		const next = new URLSearchParams(searchParams)
		next.set('course', courseId)
		next.delete('studentsPage')
		return `?${next.toString()}#class-list`
	}
	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-wrap items-center justify-between gap-4">
				<h1 className="text-2xl font-bold">
					<Trans>Courses</Trans>
				</h1>
				<TextLink to="/organization/payment-setup">
					<Trans>Payment setup</Trans>
				</TextLink>
			</div>
			{courses.ok ? (
				<>
					<dl className="grid gap-4 sm:grid-cols-2">
						<div className="rounded-lg border border-slate-200 bg-white p-4">
							<dt className="text-sm text-slate-600">
								<Trans>Total courses</Trans>
							</dt>
							<dd className="text-2xl font-bold">{courses.value.pagination.total}</dd>
						</div>
						<div className="rounded-lg border border-slate-200 bg-white p-4">
							<dt className="text-sm text-slate-600">
								<Trans>Enrolled students in these courses</Trans>
							</dt>
							<dd className="text-2xl font-bold">{totalEnrolled(courses.value.courses)}</dd>
						</div>
					</dl>
					{courses.value.courses.length ? (
						<Table
							label={t`Courses of your organization`}
							caption={t`Courses of your organization`}
							headers={[t`Course`, t`Teacher`, t`Price`, t`Students`, t`Status`]}
						>
							{courses.value.courses.map((course) => (
								<tr key={course.id} className="border-t border-slate-200">
									<th scope="row" className="px-4 py-3 font-medium">
										{course.title}
										<p className="font-normal text-slate-600">
											{categoryName(course.category, t)} · {levelName(course.level, t)}
										</p>
									</th>
									<td className="px-4 py-3">{course.teacherName ?? t`Organization`}</td>
									<td className="px-4 py-3">
										<PriceTag price={course.price} />
									</td>
									<td className="px-4 py-3">
										<EnrolledOf enrolled={course.enrolledStudents} max={course.maxStudents} />
										{course.enrolledStudents ? (
											<TextLink to={classHref(course.id)} className="ms-2">
												<ViewStudentsLabel title={course.title} />
											</TextLink>
										) : null}
									</td>
									<td className="px-4 py-3">
										{course.isPublished ? <Trans>Published</Trans> : <Trans>Draft</Trans>}
									</td>
								</tr>
							))}
						</Table>
					) : (
						<p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
							<Trans>Your organization has no courses yet.</Trans>
						</p>
					)}
					<Pagination
						page={page}
						totalPages={courses.value.pagination.totalPages ?? 1}
						label={t`Course pages`}
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
	const { t } = useLingui()
	const title = course.title
	return (
		<section id="class-list" aria-labelledby="class-list-heading" className="flex flex-col gap-3">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h2 id="class-list-heading" className="text-lg font-semibold">
					<Trans>Students enrolled in {title}</Trans>
				</h2>
				<CsvDownload
					href={`/organization/courses/class-list?course=${encodeURIComponent(course.id)}`}
				>
					<Trans>Download class list</Trans>
				</CsvDownload>
			</div>
			{students.ok ? (
				<>
					<StudentTable
						caption={t`Enrolled students`}
						students={students.value.students}
						total={students.value.total}
						empty={t`No students are enrolled in this course yet.`}
						column={{
							header: t`Certificate`,
							cell: (student) => (
								<TextLink
									to={`/organization/certificate/${student.id}/${course.id}/${organizationId}/${encodeURIComponent(student.email)}`}
								>
									<CertificateLabel name={student.name} />
								</TextLink>
							),
						}}
					/>
					<Pagination
						page={page}
						totalPages={Math.ceil(students.value.total / CLASS_LIST_LIMIT)}
						label={t`Student pages`}
						param="studentsPage"
					/>
				</>
			) : (
				<LoadError error={students.error} />
			)}
		</section>
	)
}

function EnrolledOf({ enrolled, max }: { enrolled: number; max: number | null | undefined }) {
	return max ? (
		<Trans>
			{enrolled} of {max}
		</Trans>
	) : (
		enrolled
	)
}

function ViewStudentsLabel({ title }: { title: string }) {
	return (
		<Trans>
			View students<span className="sr-only"> of {title}</span>
		</Trans>
	)
}

function CertificateLabel({ name }: { name: string }) {
	return (
		<Trans>
			Certificate<span className="sr-only"> of {name}</span>
		</Trans>
	)
}
