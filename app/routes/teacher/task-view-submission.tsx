import { t } from '@lingui/core/macro'
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
	const submission = data?.submission
	if (!submission) return [{ title: t`Submission | TutorHub` }]
	const name = submission.student.name
	const title = submission.task.title
	// eslint-disable-next-line lingui/no-unlocalized-strings -- names and the product's: nothing to translate
	return [{ title: `${name}: ${title} | TutorHub` }]
}

export default function ViewSubmission({ loaderData, actionData }: Route.ComponentProps) {
	return <SubmissionReviewPage loaderData={loaderData} actionData={actionData} />
}
