import { t } from '@lingui/core/macro'
import type { Route } from './+types/test'
import { TakeQuizPage } from '~/features/quizzes/take-quiz-page'
import { loadTakeQuiz, takeQuizAction } from '~/features/quizzes/take-quiz.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	return loadTakeQuiz(context, request, params.templateId)
}

export async function action({ context, request, params }: Route.ActionArgs) {
	return takeQuizAction(context, request, params.templateId)
}

/** The product's name, the same in every language. */
const PRODUCT = 'TutorHub'

export function meta({ loaderData }: Route.MetaArgs) {
	const title =
		loaderData?.mode === 'session'
			? loaderData.session.title
			: loaderData?.template.ok
				? loaderData.template.value.title
				: null
	return [{ title: title ? `${title} | ${PRODUCT}` : t`Test | TutorHub` }]
}

export default function TakeTest({ loaderData, actionData }: Route.ComponentProps) {
	return <TakeQuizPage loaderData={loaderData} actionData={actionData} />
}
