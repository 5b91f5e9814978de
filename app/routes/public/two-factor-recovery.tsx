import { t } from '@lingui/core/macro'
import type { Route } from './+types/two-factor-recovery'
import {
	loadTwoFactorRecovery,
	startTwoFactorRecoveryAction,
} from '~/features/account/two-factor-recovery.server'
import { TwoFactorRecoveryPage } from '~/features/account/two-factor-recovery-page'

/** Opened from the mail of "I can't use my codes" (`?token=`); its button starts the wait. */
export function loader({ request }: Route.LoaderArgs) {
	return loadTwoFactorRecovery(request)
}

export function action({ context, request }: Route.ActionArgs) {
	return startTwoFactorRecoveryAction(context, request)
}

export function meta() {
	return [{ title: t`Turn off two-factor sign-in | TutorHub` }]
}

export default function TwoFactorRecovery({ loaderData, actionData }: Route.ComponentProps) {
	return <TwoFactorRecoveryPage loaderData={loaderData} actionData={actionData} />
}
