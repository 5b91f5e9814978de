import { t } from '@lingui/core/macro'
import type { Route } from './+types/score-input'
import { ScoreInputPage } from '~/features/scores/score-input-page'
import { loadScoreGrid, saveScoreGrid } from '~/features/scores/score-input.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadScoreGrid(context, request, user.id)
}

export async function action({ context, request }: Route.ActionArgs) {
	const user = areaUser(context)
	return saveScoreGrid(context, request, user.id)
}

export function meta() {
	return [{ title: t`Score input | TutorHub` }]
}

export default function ScoreInput({ loaderData, actionData }: Route.ComponentProps) {
	return <ScoreInputPage loaderData={loaderData} actionData={actionData} />
}
