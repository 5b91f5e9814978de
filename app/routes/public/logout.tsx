import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { logout } from '~/features/users/api.server'
import { currentUser, finishSession, upstream } from '~/platform/request.server'
import { sendToast } from '~/platform/toast.server'
import { sessionToasts } from '~/platform/upstream-errors'

export function loader() {
	return redirect('/')
}

export async function action({ context, request }: Route.ActionArgs) {
	if (!currentUser(context)) return redirect('/login')
	// The local session ends even if the upstream cannot be told: a user who asks to leave, leaves.
	await logout(upstream(context, request)).catch(() => undefined)
	finishSession(context)
	sendToast(context, sessionToasts.loggedOut)
	return redirect('/login')
}
