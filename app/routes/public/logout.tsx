import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { logout } from '~/features/users/api.server'
import { readForm } from '~/platform/form.server'
import { currentUser, finishSession, upstream } from '~/platform/request.server'
import { sendToast } from '~/platform/toast.server'
import { sessionToasts } from '~/platform/upstream-errors'

export function loader() {
	return redirect('/')
}

export async function action({ context, request }: Route.ActionArgs) {
	// The post carries no fields; reading it anyway answers an oversized one with a 413, not a reset.
	await readForm(request)
	if (!currentUser(context)) return redirect('/login')
	// The local session ends even if the upstream cannot be told: a user who asks to leave, leaves.
	await logout(upstream(context, request)).catch(() => undefined)
	finishSession(context)
	sendToast(context, sessionToasts.loggedOut)
	return redirect('/login')
}
