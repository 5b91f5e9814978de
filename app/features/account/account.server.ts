import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { changeEmail, changePassword, saveNotifications } from './api.server'
import {
	changeEmailSchema,
	changePasswordSchema,
	NOTIFICATIONS_MESSAGE,
	notificationsSchema,
} from './schema'

type PageRequest = { context: Readonly<RouterContextProvider>; request: Request }

/**
 * The account forms of a profile or settings page (change password, change email, notification
 * mails), each with its `intent`. Answers null for any other intent, for the page's own forms.
 */
export async function accountSettingsAction(
	{ context, request }: PageRequest,
	formData: FormData,
	returnTo: string,
) {
	const intent = formData.get('intent')
	const api = upstream(context, request)
	const passwordFields = ['currentPassword', 'newPassword', 'confirmPassword']

	if (intent === 'password') {
		const submission = parseWithZod(formData, { schema: changePasswordSchema })
		if (submission.status !== 'success')
			return data(submission.reply({ hideFields: passwordFields }), { status: 400 })
		try {
			const { message } = await changePassword(
				api,
				submission.value.currentPassword,
				submission.value.newPassword,
			)
			sendToast(context, successToast(message))
		} catch (error) {
			return replyWithUpstreamError(context, submission, error, passwordFields)
		}
		return redirect(returnTo)
	}

	if (intent === 'email') {
		const submission = parseWithZod(formData, { schema: changeEmailSchema })
		if (submission.status !== 'success')
			return data(submission.reply({ hideFields: ['currentPassword'] }), { status: 400 })
		try {
			const { message } = await changeEmail(
				api,
				submission.value.email,
				submission.value.currentPassword,
			)
			sendToast(context, successToast(message))
		} catch (error) {
			return replyWithUpstreamError(context, submission, error, ['currentPassword'])
		}
		return redirect(returnTo)
	}

	if (intent === 'notifications') {
		const submission = parseWithZod(formData, { schema: notificationsSchema })
		// Checkboxes have no room for a message of their own: it is the form's.
		if (submission.status !== 'success')
			return data(submission.reply({ formErrors: [NOTIFICATIONS_MESSAGE] }), { status: 400 })
		const { intent: _intent, ...preferences } = submission.value
		try {
			const { message } = await saveNotifications(api, preferences)
			sendToast(context, successToast(message))
		} catch (error) {
			return replyWithUpstreamError(context, submission, error)
		}
		return redirect(returnTo)
	}
	return null
}
