import { t } from '@lingui/core/macro'
import type { Route } from './+types/unsubscribe'
import { loadUnsubscribe, unsubscribeAction } from '~/features/account/unsubscribe.server'
import { UnsubscribePage } from '~/features/account/unsubscribe-page'

/**
 * Opened from a notification mail's footer link: the visit changes nothing (a mail scanner opens
 * links too); the person confirms with the button.
 */
export function loader({ request }: Route.LoaderArgs) {
	return loadUnsubscribe(request)
}

/**
 * The button's post, or a mail client's one-click post (RFC 8058: `List-Unsubscribe=One-Click` to
 * the List-Unsubscribe address, with no session and no page before it).
 */
export function action({ context, request }: Route.ActionArgs) {
	return unsubscribeAction(context, request)
}

export function meta() {
	return [{ title: t`Unsubscribe | TutorHub` }]
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
	return <UnsubscribePage loaderData={loaderData} actionData={actionData} />
}
