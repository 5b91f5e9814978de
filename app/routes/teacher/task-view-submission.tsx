import type { Route } from './+types/task-view-submission'
import { SubmissionReviewPage } from '~/features/tasks/teacher-submission-review'
import {
	gradeSubmissionAction,
	loadSubmissionReview,
} from '~/features/tasks/teacher-submissions.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadSubmissionReview(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
	return gradeSubmissionAction(context, request)
}

export function meta({ loaderData: data }: Route.MetaArgs) {
	return [
		{
			title: `${data?.submission ? `${data.submission.student.name}: ${data.submission.task.title}` : 'Submission'} | TutorHub`,
		},
	]
}

export default function ViewSubmission({ loaderData, actionData }: Route.ComponentProps) {
	return <SubmissionReviewPage loaderData={loaderData} actionData={actionData} />
}
