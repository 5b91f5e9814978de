import { Trans, useLingui } from '@lingui/react/macro'
import { useOfflineQueue } from '~/platform/use-offline-queue'
import { handlesOffline } from '~/platform/offline-forms'
import type { RouteData } from '~/platform/route-data'
import { TextLink } from '~/ui/text-link'
import { OfflineWaiting } from '~/ui/offline-waiting'
import { CourseForm } from './course-form'
import { COURSE_OFFLINE_KEY, formValuesOf } from './schema'
import type { loadCourseEdit } from './course-edit.server'
import type { courseEditAction } from './course-edit.server'

export function CourseEditPage({
	loaderData,
	actionData,
}: {
	loaderData: RouteData<typeof loadCourseEdit>
	actionData: RouteData<typeof courseEditAction> | undefined
}) {
	const { course } = loaderData
	const { t } = useLingui()
	const title = course.title
	const { queued, queueWhenOffline } = useOfflineQueue(COURSE_OFFLINE_KEY)
	const waiting = queued.filter(
		(item) => item.action === `/teachersdashboard/courses/edit/${course.id}`,
	).length
	return (
		<div className="flex max-w-3xl flex-col gap-6">
			<nav aria-label={t`Breadcrumb`} className="text-sm">
				<TextLink to="/teachersdashboard/courses">
					<Trans>My courses</Trans>
				</TextLink>
			</nav>
			<h1 className="text-2xl font-bold">
				<Trans>Edit {title}</Trans>
			</h1>
			<OfflineWaiting waiting={waiting} />
			<div {...handlesOffline}>
				<CourseForm
					// A fresh form after the course changes (a replayed offline edit), so it shows the saved values.
					key={course.updatedAt ?? course.title}
					id="edit-course"
					lastResult={actionData}
					defaultValue={formValuesOf(course)}
					submitLabel={t`Save changes`}
					onSubmit={queueWhenOffline('UPDATE')}
				/>
			</div>
		</div>
	)
}
