import { redirect } from 'react-router'
import type { Route } from './+types/language'
import { changeLanguageAction } from '~/features/account/language.server'

/** Only the footer's form posts here; an address typed in goes home. */
export function loader() {
	return redirect('/')
}

export function action({ context, request }: Route.ActionArgs) {
	return changeLanguageAction(context, request)
}
