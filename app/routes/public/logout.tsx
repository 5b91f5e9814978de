import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { logoutAction } from '~/features/auth/logout.server'

export function loader() {
	return redirect('/')
}

export function action({ context, request }: Route.ActionArgs) {
	return logoutAction(context, request)
}
