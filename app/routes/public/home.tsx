import { t } from '@lingui/core/macro'
import type { Route } from './+types/home'
import { loadHome } from '~/features/site/home.server'
import { HomePage } from '~/features/site/home-page'

export function loader({ context, request }: Route.LoaderArgs) {
	return loadHome(context, request)
}

export function meta() {
	return [
		{ title: t`TutorHub: courses, tests and live classes with real teachers` },
		{
			name: 'description',
			content: t`Learn with real teachers: buy courses, take timed tests, submit tasks and earn certificates.`,
		},
	]
}

export default function Home({ loaderData }: Route.ComponentProps) {
	return <HomePage loaderData={loaderData} />
}
