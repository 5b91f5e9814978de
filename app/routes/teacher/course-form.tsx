import { data, Link, redirect } from 'react-router'
import type { Route } from './+types/course-form'
import { createCourse } from '~/features/courses/api.server'
import { CourseForm } from '~/features/courses/course-form'
import { courseBodyFromForm, courseFormSchema } from '~/features/courses/schema'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'

export function loader() {
	return null
}

export async function action({ context, request }: Route.ActionArgs) {
	const submission = parseForm(await readForm(request), { schema: courseFormSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	try {
		await createCourse(upstream(context, request), courseBodyFromForm(submission.value))
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast('Course created successfully!'))
	return redirect('/teachersdashboard/courses')
}

export function meta() {
	return [{ title: 'Create a course | TutorHub' }]
}

export default function CreateCourse({ actionData }: Route.ComponentProps) {
	return (
		<div className="flex max-w-3xl flex-col gap-6">
			<nav aria-label="Breadcrumb" className="text-sm">
				<Link to="/teachersdashboard/courses" className="font-semibold text-indigo-800 underline">
					My courses
				</Link>
			</nav>
			<h1 className="text-2xl font-bold">Create a course</h1>
			<CourseForm id="create-course" lastResult={actionData} submitLabel="Create course" />
		</div>
	)
}
