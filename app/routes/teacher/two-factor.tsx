import { t } from '@lingui/core/macro'
import type { Route } from './+types/two-factor'
import { TwoFactorRequiredPage } from '~/features/account/two-factor-required-page'
import {
	loadTwoFactorRequired,
	twoFactorRequiredAction,
} from '~/features/account/two-factor-required.server'
import { dashboardPath } from '~/platform/roles'

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadTwoFactorRequired(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
	return twoFactorRequiredAction(context, request)
}

export default function TeacherTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<TwoFactorRequiredPage
			account={loaderData.account}
			actionData={actionData}
			dashboard={dashboardPath.tutor}
		/>
	)
}

export function meta() {
	return [{ title: t`Two-factor sign-in | TutorHub` }]
}
