import { data, Link, redirect } from 'react-router'
import type { Route } from './+types/course-edit'
import { getCourse, updateCourse } from '~/features/courses/api.server'
import { CourseForm } from '~/features/courses/course-form'
import {
	COURSE_OFFLINE_KEY,
	courseBodyFromForm,
	courseFormSchema,
	formValuesOf,
} from '~/features/courses/schema'
import { areaUser } from '~/platform/area-guard.server'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { useOfflineQueue } from '~/platform/use-offline-queue'
import { handlesOffline } from '~/platform/offline-forms'

/** The teacher's own course, or the 403 page: the API would refuse the update anyway. */
async function ownCourse(context: Route.LoaderArgs['context'], request: Request, courseId: string) {
	const user = areaUser(context)
	const api = upstream(context, request)
	const { course } = await getCourse(api, courseId)
	if (course.teacherId !== user.id) throw data(null, { status: 403 })
	return { api, course }
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const { course } = await ownCourse(context, request, params.courseId)
	return { course }
}

export async function action({ context, request, params }: Route.ActionArgs) {
	const { api, course } = await ownCourse(context, request, params.courseId)
	const submission = parseForm(await readForm(request), { schema: courseFormSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	try {
		await updateCourse(api, course.id, courseBodyFromForm(submission.value, course.modules))
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast('Course updated successfully'))
	return redirect('/teachersdashboard/courses')
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [
		{ title: loaderData ? `Edit ${loaderData.course.title} | TutorHub` : 'Edit course | TutorHub' },
	]
}

export default function EditCourse({ loaderData, actionData }: Route.ComponentProps) {
	const { course } = loaderData
	const { queued, queueWhenOffline } = useOfflineQueue(COURSE_OFFLINE_KEY)
	const waiting = queued.filter(
		(item) => item.action === `/teachersdashboard/courses/edit/${course.id}`,
	).length
	return (
		<div className="flex max-w-3xl flex-col gap-6">
			<nav aria-label="Breadcrumb" className="text-sm">
				<Link to="/teachersdashboard/courses" className="font-semibold text-indigo-800 underline">
					My courses
				</Link>
			</nav>
			<h1 className="text-2xl font-bold">Edit {course.title}</h1>
			{waiting ? (
				<p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
					{waiting === 1 ? 'One change is' : `${waiting} changes are`} saved on this device and will
					be sent when you are back online.
				</p>
			) : null}
			<div {...handlesOffline}>
				<CourseForm
					// A fresh form after the course changes (a replayed offline edit), so it shows the saved values.
					key={course.updatedAt ?? course.title}
					id="edit-course"
					lastResult={actionData}
					defaultValue={formValuesOf(course)}
					submitLabel="Save changes"
					onSubmit={queueWhenOffline('UPDATE')}
				/>
			</div>
		</div>
	)
}
