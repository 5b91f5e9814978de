import { Form } from 'react-router'
import { buttonClass } from './button'

/** Logging out changes state, so it is a POST form (works without JavaScript), never a link. */
export function LogoutButton() {
	return (
		<Form method="post" action="/logout">
			<button type="submit" className={buttonClass('secondary')}>
				Log out
			</button>
		</Form>
	)
}
