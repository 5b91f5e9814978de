import { t } from '@lingui/core/macro'
import type { Route } from './+types/result-cards'
import printStylesheet from '~/features/scores/result-card-print.css?url'
import { ResultCardsPage } from '~/features/scores/result-cards-page'
import { loadResultCards } from '~/features/scores/result-cards.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadResultCards(context, request, user)
}

export function meta() {
	return [{ title: t`Result cards | TutorHub` }]
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: printStylesheet }]

export default function ResultCards({ loaderData }: Route.ComponentProps) {
	return <ResultCardsPage loaderData={loaderData} />
}
