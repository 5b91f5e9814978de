import { redirect } from 'react-router'
import { logoutAction } from '~/features/users/logout.server'
import type { Route } from './+types/logout'

export function loader() {
	return redirect('/')
}

export function action({ context, request }: Route.ActionArgs) {
	return logoutAction(context, request)
}
