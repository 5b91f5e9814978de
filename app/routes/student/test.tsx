import type { Route } from './+types/test'
import { TakeTestPage } from '~/features/quizzes/take-test-page'
import { loadTakeTest, takeTestAction } from '~/features/quizzes/take-test.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	return loadTakeTest(context, request, params.templateId)
}

export async function action({ context, request, params }: Route.ActionArgs) {
	return takeTestAction(context, request, params.templateId)
}

export function meta({ loaderData }: Route.MetaArgs) {
	const title =
		loaderData?.mode === 'session'
			? loaderData.session.title
			: loaderData?.template.ok
				? loaderData.template.value.title
				: 'Test'
	return [{ title: `${title} | TutorHub` }]
}

export default function TakeTest({ loaderData, actionData }: Route.ComponentProps) {
	return <TakeTestPage loaderData={loaderData} actionData={actionData} />
}
