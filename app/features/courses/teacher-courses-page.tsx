import { Trans, useLingui } from '@lingui/react/macro'
import { categoryName, levelName } from './catalogue'
import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { Link } from '~/ui/link'
import { handlesOffline } from '~/platform/offline-forms'
import { useOfflineQueue } from '~/platform/use-offline-queue'
import { buttonClass } from '~/ui/button'
import { ConfirmDisclosure } from '~/ui/confirm-disclosure'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import { TextLink } from '~/ui/text-link'
import { Table } from '~/ui/table'
import { PriceTag } from './price-tag'
import { applyQueuedCourseChanges, type Shown } from './offline'
import { adjustTotal, COURSE_OFFLINE_KEY, totalEnrolled } from './schema'
import type { loadTeacherCourses } from './teacher-courses.server'
import { ErrorAlert } from '~/ui/error-alert'

type Loaded = Awaited<ReturnType<typeof loadTeacherCourses>>
type Courses = Extract<Loaded['courses'], { ok: true }>['value']['courses']

/** The teacher's course list: totals, and each course with Edit, Publish or Unpublish, and Delete
 * (queued and shown at once when offline). */
export function TeacherCoursesPage({
	loaderData,
	actionData,
}: {
	loaderData: Loaded
	actionData: SubmissionResult<string[]> | undefined
}) {
	const { page, courses } = loaderData
	const { t } = useLingui()
	const actionError = actionData?.error?.['']?.[0]
	const { queued, queueWhenOffline } = useOfflineQueue(COURSE_OFFLINE_KEY)
	// Changes waiting offline show at once, marked until they reach the server; each queued delete
	// takes one off the total (never below 0).
	const shown = courses.ok ? applyQueuedCourseChanges(courses.value.courses, queued) : []
	const pendingDeletes = shown.filter((course) => course.offline === 'DELETE').length
	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-wrap items-center justify-between gap-4">
				<h1 className="text-2xl font-bold">
					<Trans>My courses</Trans>
				</h1>
				<div className="flex flex-wrap gap-3">
					<Link to="/courses/find-student" className={buttonClass('secondary')}>
						<Trans>Find a student</Trans>
					</Link>
					<Link to="/teachersdashboard/course-details" className={buttonClass('secondary')}>
						<Trans>Sample course</Trans>
					</Link>
					<Link to="/teachersdashboard/courses/form" className={buttonClass()}>
						<Trans>Create course</Trans>
					</Link>
				</div>
			</div>
			<ErrorAlert text={actionError} />
			{courses.ok ? (
				<CourseTable
					courses={shown}
					total={Array.from({ length: pendingDeletes }).reduce<number>(
						(total) => adjustTotal(total, 'delete'),
						courses.value.pagination.total,
					)}
					queueWhenOffline={queueWhenOffline}
				/>
			) : (
				<LoadError error={courses.error} />
			)}
			{courses.ok ? (
				<Pagination
					page={page}
					totalPages={courses.value.pagination.totalPages ?? 1}
					label={t`Course pages`}
				/>
			) : null}
		</div>
	)
}

function CourseTable({
	courses,
	total,
	queueWhenOffline,
}: {
	courses: Shown<Courses[number]>[]
	total: number
	queueWhenOffline: ReturnType<typeof useOfflineQueue>['queueWhenOffline']
}) {
	const { t } = useLingui()
	return (
		<>
			<dl className="grid gap-4 sm:grid-cols-2">
				<div className="rounded-lg border border-slate-200 bg-white p-4">
					<dt className="text-sm text-slate-600">
						<Trans>Total courses</Trans>
					</dt>
					<dd className="text-2xl font-bold" data-testid="total-courses">
						{total}
					</dd>
				</div>
				<div className="rounded-lg border border-slate-200 bg-white p-4">
					<dt className="text-sm text-slate-600">
						<Trans>Enrolled students in these courses</Trans>
					</dt>
					<dd className="text-2xl font-bold">
						{totalEnrolled(courses.filter((course) => course.offline !== 'DELETE'))}
					</dd>
				</div>
			</dl>
			{courses.length ? (
				<Table
					label={t`Your courses`}
					caption={t`Your courses`}
					headers={[t`Course`, t`Price`, t`Students`, t`Status`, t`Actions`]}
				>
					{courses.map((course) => (
						<tr
							key={course.id}
							className={`border-t border-slate-200 align-top ${course.offline === 'DELETE' ? 'opacity-60' : ''}`}
						>
							<th scope="row" className="px-4 py-3 font-medium">
								<Link
									to={`/teachersdashboard/course-details?courseId=${course.id}`}
									className={`text-indigo-800 underline ${course.offline === 'DELETE' ? 'line-through' : ''}`}
								>
									{course.title}
								</Link>
								<p className="font-normal text-slate-600">
									{categoryName(course.category, t)} · {levelName(course.level, t)}
								</p>
								{course.offline ? (
									<p className="text-xs font-semibold text-amber-800">
										{course.offline === 'DELETE' ? (
											<Trans>Deleted offline: syncs when back online</Trans>
										) : (
											<Trans>Changed offline: syncs when back online</Trans>
										)}
									</p>
								) : null}
							</th>
							<td className="px-4 py-3">
								<PriceTag price={course.price} />
							</td>
							<td className="px-4 py-3">
								{course.enrolledStudents}
								{course.enrolledStudents > 0 && !course.offline ? (
									<a
										href={`/teachersdashboard/courses/class-list?course=${encodeURIComponent(course.id)}`}
										download
										className="ms-2 text-sm font-semibold whitespace-nowrap text-indigo-800 underline"
									>
										<ClassListLabel title={course.title} />
									</a>
								) : null}
							</td>
							<td className="px-4 py-3">
								{course.isPublished ? <Trans>Published</Trans> : <Trans>Draft</Trans>}
							</td>
							<td className="px-4 py-3">
								{/* A course deleted offline has nothing left to do until it syncs. */}
								{course.offline === 'DELETE' ? null : (
									<RowActions course={course} queueWhenOffline={queueWhenOffline} />
								)}
							</td>
						</tr>
					))}
				</Table>
			) : (
				<p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
					<Trans>
						You have no courses yet.{' '}
						<TextLink to="/teachersdashboard/courses/form">Create your first course</TextLink>.
					</Trans>
				</p>
			)}
		</>
	)
}

/** Edit, Publish or Unpublish, and Delete: each names the course to a screen reader. */
function RowActions({
	course,
	queueWhenOffline,
}: {
	course: Shown<Courses[number]>
	queueWhenOffline: ReturnType<typeof useOfflineQueue>['queueWhenOffline']
}) {
	const { t } = useLingui()
	const title = course.title
	return (
		<div className="flex flex-wrap items-start gap-2">
			<Link
				to={`/teachersdashboard/courses/edit/${course.id}`}
				className={buttonClass('secondary')}
				aria-label={t`Edit ${title}`}
			>
				<Trans>Edit</Trans>
			</Link>
			<Form method="post" {...handlesOffline} onSubmit={queueWhenOffline('UPDATE')}>
				<input type="hidden" name="intent" value="publish" />
				<input type="hidden" name="courseId" value={course.id} />
				<input type="hidden" name="isPublished" value={course.isPublished ? 'false' : 'true'} />
				<button
					type="submit"
					className={buttonClass('secondary')}
					aria-label={course.isPublished ? t`Unpublish ${title}` : t`Publish ${title}`}
				>
					{course.isPublished ? <Trans>Unpublish</Trans> : <Trans>Publish</Trans>}
				</button>
			</Form>
			<ConfirmDisclosure
				summary={t`Delete`}
				summaryLabel={t`Delete ${title}`}
				question={t`Delete ${title}? This cannot be undone.`}
			>
				<Form method="post" {...handlesOffline} onSubmit={queueWhenOffline('DELETE')}>
					<input type="hidden" name="intent" value="delete" />
					<input type="hidden" name="courseId" value={course.id} />
					<button type="submit" className={buttonClass('danger')}>
						<Trans>Yes, delete this course</Trans>
					</button>
				</Form>
			</ConfirmDisclosure>
		</div>
	)
}

function ClassListLabel({ title }: { title: string }) {
	return (
		<Trans>
			Class list (CSV)<span className="sr-only"> of {title}</span>
		</Trans>
	)
}
