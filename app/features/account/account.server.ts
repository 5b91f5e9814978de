import type { Submission } from '@conform-to/react'
import { redirect, type RouterContextProvider } from 'react-router'
import { replyWithUpstreamError } from '~/platform/form.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import type { Upstream } from '~/platform/upstream.server'
import {
	changeEmail,
	changePassword,
	endOtherSessions,
	endSession,
	saveNotifications,
} from './api.server'
import { notificationKinds, NOTIFICATIONS_MESSAGE, type AccountSettingsForm } from './schema'

type Context = Readonly<RouterContextProvider>
type Invalid = Exclude<Submission<unknown>, { status: 'success' }>

// Passwords typed are never sent back to the page (a form without them is left as it is).
const passwordFields = ['currentPassword', 'newPassword', 'confirmPassword']

/**
 * The answer to an invalid form, on a page with the account forms among its own: nothing of the
 * passwords typed, and the notification boxes' error said once, for their whole form (a checkbox
 * has no room for a message of its own).
 */
export function accountFormReply(submission: Invalid) {
	const boxes = notificationKinds.some(({ kind }) => submission.error?.[kind])
	return submission.reply({
		hideFields: passwordFields,
		...(boxes && { formErrors: [NOTIFICATIONS_MESSAGE] }),
	})
}

/** Saves one valid account form, then back to the page with the API's own message as the toast. */
export async function saveAccountSettings(
	context: Context,
	api: Upstream,
	submission: Submission<unknown>,
	form: AccountSettingsForm,
	returnTo: string,
) {
	try {
		const { message } = await saveAccountForm(api, form)
		sendToast(context, successToast(message))
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, passwordFields)
	}
	return redirect(returnTo)
}

/** Saves one account form; the API's answer is the success toast's text. */
export function saveAccountForm(api: Upstream, form: AccountSettingsForm) {
	switch (form.intent) {
		case 'password':
			return changePassword(api, form.currentPassword, form.newPassword)
		case 'email':
			return changeEmail(api, form.email, form.currentPassword)
		case 'notifications': {
			const { intent: _intent, ...preferences } = form
			return saveNotifications(api, preferences)
		}
		case 'end-session':
			return endSession(api, form.sessionId)
		case 'end-other-sessions':
			return endOtherSessions(api)
	}
}
