import { Trans } from '@lingui/react/macro'
import { Form } from 'react-router'
import { buttonClass } from './button'

/** Logging out changes state, so it is a POST form (works without JavaScript), never a link. */
export function LogoutButton() {
	return (
		<Form method="post" action="/logout">
			<button type="submit" className={buttonClass('secondary')}>
				<Trans>Log out</Trans>
			</button>
		</Form>
	)
}
