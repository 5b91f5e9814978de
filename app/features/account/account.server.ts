import type { Submission } from '@conform-to/react'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { replyWithUpstreamError } from '~/platform/form.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import type { Upstream } from '~/platform/upstream.server'
import {
	cancelTwoFactorRecovery,
	changeEmail,
	changePassword,
	disableTwoFactor,
	enableTwoFactor,
	endOtherSessions,
	endSession,
	removeLinkedSignIn,
	saveNotifications,
	startTwoFactorSetup,
} from './api.server'
import { notificationKinds, notificationsMessage, type AccountSettingsForm } from './schema'

type Context = Readonly<RouterContextProvider>
/** The answer of turning two-factor on: its recovery codes, shown once. */
export type RecoveryCodes = { recoveryCodes: string[] }
type Invalid = Exclude<Submission<unknown>, { status: 'success' }>

// Passwords typed are never sent back to the page (a form without them is left as it is).
const passwordFields = ['currentPassword', 'newPassword', 'confirmPassword', 'code']

/**
 * The answer to an invalid form, on a page with the account forms among its own: nothing of the
 * passwords typed, and the notification boxes' error said once, for their whole form (a checkbox
 * has no room for a message of its own).
 */
export function accountFormReply(submission: Invalid) {
	const boxes = notificationKinds.some(({ kind }) => submission.error?.[kind])
	return submission.reply({
		hideFields: passwordFields,
		...(boxes && { formErrors: [notificationsMessage()] }),
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
		const answer = await saveAccountForm(api, form)
		sendToast(context, successToast(answer.message))
		// Recovery codes are shown once, on this answer's page: no redirect, nothing kept.
		if ('recoveryCodes' in answer)
			return data<RecoveryCodes>({ recoveryCodes: answer.recoveryCodes as string[] })
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
		case 'remove-link':
			return removeLinkedSignIn(api, form.organizationId)
		case 'two-factor-setup':
			return startTwoFactorSetup(api, form.currentPassword)
		case 'two-factor-enable':
			return enableTwoFactor(api, form.code, form.currentPassword)
		case 'two-factor-disable':
			return disableTwoFactor(api, form.currentPassword, form.code)
		case 'two-factor-recovery-cancel':
			return cancelTwoFactorRecovery(api, form.currentPassword, form.code)
	}
}
