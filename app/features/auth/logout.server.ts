import { redirect, type RouterContextProvider } from 'react-router'
import { readForm } from '~/platform/form.server'
import { currentUser, finishSession, upstream } from '~/platform/request.server'
import { sendToast } from '~/platform/toast.server'
import { sessionToasts } from '~/platform/upstream-errors'
import { logout } from './api.server'

/** Signing out: the upstream is told, the local session ends, and the login page says so. */
export async function logoutAction(context: Readonly<RouterContextProvider>, request: Request) {
	// The post carries no fields; reading it anyway answers an oversized one with a 413, not a reset.
	await readForm(request)
	if (!currentUser(context)) return redirect('/login')
	// The local session ends even if the upstream cannot be told: a user who asks to leave, leaves.
	await logout(upstream(context, request)).catch(() => undefined)
	finishSession(context)
	sendToast(context, sessionToasts.loggedOut)
	return redirect('/login')
}
