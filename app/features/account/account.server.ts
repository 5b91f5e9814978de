import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { changeEmail, changePassword, saveNotifications } from './api.server'
import {
	accountSettingsSchema,
	notificationKinds,
	NOTIFICATIONS_MESSAGE,
	type AccountSettingsForm,
} from './schema'

type Context = Readonly<RouterContextProvider>
type Upstream = ReturnType<typeof upstream>
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

function saveAccountForm(api: Upstream, form: AccountSettingsForm) {
	switch (form.intent) {
		case 'password':
			return changePassword(api, form.currentPassword, form.newPassword)
		case 'email':
			return changeEmail(api, form.email, form.currentPassword)
		case 'notifications': {
			const { intent: _intent, ...preferences } = form
			return saveNotifications(api, preferences)
		}
	}
}

/**
 * The account forms for a page that parses its own forms apart (the profile pages): their answer,
 * or null when the post is none of them (their union then names `intent` as the error).
 */
export async function accountSettingsAction(
	{ context, request }: { context: Context; request: Request },
	formData: FormData,
	returnTo: string,
) {
	const submission = parseWithZod(formData, { schema: accountSettingsSchema })
	if (submission.status !== 'success')
		return submission.error?.intent ? null : data(accountFormReply(submission), { status: 400 })
	const api = upstream(context, request)
	return saveAccountSettings(context, api, submission, submission.value, returnTo)
}
